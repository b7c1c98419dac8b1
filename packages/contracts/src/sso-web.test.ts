import { describe, expect, it } from 'vitest';
import { SSO_ERROR_CODES, SSO_ERROR_TEXTS } from './sso';
import { SSO_ERROR_FALLBACK, ssoErrorText } from './sso-web';

describe('ssoErrorText', () => {
  it('says each error code of the callback in its own words', () => {
    for (const code of SSO_ERROR_CODES) expect(ssoErrorText(code)).toBe(SSO_ERROR_TEXTS[code]);
  });

  it('says something generic for a code it does not know, even one named like an object key', () => {
    expect(ssoErrorText('teapot')).toBe(SSO_ERROR_FALLBACK);
    expect(ssoErrorText('toString')).toBe(SSO_ERROR_FALLBACK);
  });
});
