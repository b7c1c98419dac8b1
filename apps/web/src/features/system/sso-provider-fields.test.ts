import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, parseDomainList } from './sso-provider-fields';

describe('parseDomainList', () => {
  it('splits domains typed one per line, with commas or with spaces', () => {
    expect(parseDomainList('example.com,\n example.org  \n\nsub.example.net, ')).toEqual([
      'example.com',
      'example.org',
      'sub.example.net',
    ]);
  });

  it('gives an empty list for an empty box', () => {
    expect(parseDomainList(' \n , ')).toEqual([]);
  });
});

describe('fieldErrorsOf', () => {
  it('names the field of a problem inside it, keeping its first message', () => {
    expect(
      fieldErrorsOf({
        'allowed_domains.1': 'Enter domains such as example.com, in lower case.',
        'allowed_domains.2': 'a later message',
        issuer: 'Use an https:// issuer URL.',
      }),
    ).toEqual({
      allowed_domains: 'Enter domains such as example.com, in lower case.',
      issuer: 'Use an https:// issuer URL.',
    });
  });

  it('gives no messages when the server named no field', () => {
    expect(fieldErrorsOf(undefined)).toEqual({});
  });
});
