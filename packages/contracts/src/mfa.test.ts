import { describe, expect, it } from 'vitest';
import {
  attemptsRemainingText,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodeError,
  tooManyAttemptsText,
  totpCodeSchema,
  verifyLoginInputSchema,
} from './mfa';

describe('MFA contracts', () => {
  it('accepts exactly six digits as an authenticator code (docs/product.md §5)', () => {
    expect(totpCodeSchema.safeParse('012345').success).toBe(true);
    expect(totpCodeSchema.safeParse(' 012345 ').data).toBe('012345');
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(totpCodeSchema.safeParse(code).error?.issues[0]?.message).toBe('Please enter a 6-digit code');
    }
  });

  it('checks a recovery code by its own rule: non-empty, at most 8 characters, dashes and case ignored', () => {
    expect(normalizeRecoveryCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(recoveryCodeError('abcd-efgh')).toBeNull();
    expect(recoveryCodeError(' - ')).toBe('Please enter a recovery code');
    expect(recoveryCodeError('ABCDEFGHJ')).toBe('A recovery code has at most 8 characters');
    expect(verifyLoginInputSchema.safeParse({ code: 'ABCDEFGH', use_recovery: true }).success).toBe(true);
    expect(verifyLoginInputSchema.safeParse({ code: 'ABCDEFGH' }).error?.issues[0]?.path).toEqual(['code']);
  });

  it('uses no characters that read alike in recovery codes', () => {
    for (const char of '01ILO') expect(RECOVERY_CODE_ALPHABET).not.toContain(char);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
  });

  it("says product.md's texts", () => {
    expect(attemptsRemainingText(3)).toBe('3 attempt(s) remaining');
    expect(tooManyAttemptsText(5)).toBe('Too many attempts. Please wait 5 minutes.');
    expect(tooManyAttemptsText(60)).toBe('Too many attempts. Please wait 60 minutes.');
  });
});
