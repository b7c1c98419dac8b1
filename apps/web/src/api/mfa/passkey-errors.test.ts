import { ERRORS, PASSKEY_TEXTS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { parseApiError } from '@/lib/api-client';
import { passkeyErrorText } from './passkey-errors';

describe('passkeyErrorText', () => {
  it('reads a cancelled or timed-out browser prompt calmly', () => {
    expect(
      passkeyErrorText(
        new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
      ),
    ).toBe(PASSKEY_TEXTS.cancelled);
    const wrapped = Object.assign(new Error('aborted'), { name: 'AbortError' });
    expect(passkeyErrorText(wrapped)).toBe(PASSKEY_TEXTS.cancelled);
  });

  it('says when the authenticator already holds a passkey for the account', () => {
    expect(passkeyErrorText(new DOMException('x', 'InvalidStateError'))).toBe(
      PASSKEY_TEXTS.alreadyRegistered,
    );
  });

  it("shows the server's text for the field it names, else its message", () => {
    const expired = parseApiError(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid.',
        fields: { response: PASSKEY_TEXTS.challengeExpired },
      },
    });
    expect(passkeyErrorText(expired)).toBe(PASSKEY_TEXTS.challengeExpired);
    const clone = parseApiError(403, {
      error: { code: 'PASSKEY_CLONE_SUSPECTED', message: ERRORS.PASSKEY_CLONE_SUSPECTED.message },
    });
    expect(passkeyErrorText(clone)).toBe(ERRORS.PASSKEY_CLONE_SUSPECTED.message);
  });

  it('falls back to a plain failure for anything else', () => {
    expect(passkeyErrorText('boom')).toBe(PASSKEY_TEXTS.failed);
  });
});
