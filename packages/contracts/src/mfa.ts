import { z } from 'zod';

/** docs/product.md §9: a TOTP code has 6 digits. */
export const TOTP_CODE_LENGTH = 6;
/** docs/product.md §9: a recovery code has 8 characters. */
export const RECOVERY_CODE_LENGTH = 8;
/** Ten single-use recovery codes, shown once (docs/product.md §9). */
export const RECOVERY_CODE_COUNT = 10;
/**
 * Recovery codes use no characters that read alike (no 0/O, 1/I/L), so a code copied by hand from
 * paper is still right: 31 symbols, about 39.6 bits per code.
 */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** docs/product.md §9: 5 attempts before lockout; the failures count within this window (decision 012). */
export const MFA_MAX_FAILED_ATTEMPTS = 5;
export const MFA_ATTEMPT_WINDOW_MINUTES = 5;
/** docs/product.md §8: 'Too many attempts. Please wait 5 minutes.' */
export const MFA_LOCKOUT_MINUTES = 5;
/** Decision 012: the 3rd lockout within 24 hours locks for an hour, so no one tries 100 codes in a row. */
export const MFA_ESCALATION_LOCKOUTS = 3;
export const MFA_ESCALATION_WINDOW_HOURS = 24;
export const MFA_ESCALATED_LOCKOUT_MINUTES = 60;
/**
 * Removing a factor or regenerating recovery codes needs a code verified this recently
 * (docs/decisions/012-mfa-lockout.md).
 */
export const MFA_RECENT_VERIFICATION_MINUTES = 5;
/** The issuer an authenticator app shows beside the account (docs/product.md §4 MFA enrollment). */
export const TOTP_ISSUER = 'Parley';

/** docs/product.md §5 and §8: the MFA texts, verbatim; the others are ours where product.md has none. */
export const MFA_TEXTS = {
  enterSixDigitCode: 'Please enter a 6-digit code',
  enterRecoveryCode: 'Please enter a recovery code',
  recoveryCodeTooLong: `A recovery code has at most ${RECOVERY_CODE_LENGTH} characters`,
  invalidCode: 'Invalid code. Please try again.',
  invalidCodeShort: 'Invalid code',
  tooManyAttempts: 'Too many attempts. Please wait 5 minutes.',
  setupFailed: 'Failed to set up MFA',
  verified: 'MFA verified',
  enrolled: 'MFA enabled',
  removed: 'Two-factor authentication removed',
  recoveryCodesRegenerated: 'New recovery codes generated',
  recoveryCodesCopied: 'Recovery codes copied to clipboard',
  secretCopied: 'Secret copied to clipboard',
  stepUpRequired: 'Enter a current code from your authenticator app first.',
  mfaRequired: 'Finish multi-factor authentication to continue.',
  sessionRevoked: 'Session signed out',
} as const;

/** docs/product.md §8: 'N attempt(s) remaining', shown while N is 1 to 4. */
export function attemptsRemainingText(count: number): string {
  return `${count} attempt(s) remaining`;
}

/** The lockout message for a lock of this many minutes (docs/product.md §8's text for the usual 5). */
export function tooManyAttemptsText(minutes: number): string {
  return minutes === MFA_LOCKOUT_MINUTES
    ? MFA_TEXTS.tooManyAttempts
    : `Too many attempts. Please wait ${minutes} minutes.`;
}

/** docs/product.md §5: the authenticator code is exactly 6 digits. */
export const totpCodeSchema = z
  .string({ error: MFA_TEXTS.enterSixDigitCode })
  .trim()
  .regex(/^\d{6}$/, { error: MFA_TEXTS.enterSixDigitCode });

/** Recovery codes are compared without spaces or dashes and in upper case, as typed from paper. */
export function normalizeRecoveryCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** docs/product.md §5: a recovery code is non-empty and at most 8 characters. */
export function recoveryCodeError(value: string): string | null {
  const code = normalizeRecoveryCode(value);
  if (code.length === 0) return MFA_TEXTS.enterRecoveryCode;
  if (code.length > RECOVERY_CODE_LENGTH) return MFA_TEXTS.recoveryCodeTooLong;
  return null;
}

/**
 * POST /api/mfa/totp/setup (docs/product.md §3 MFA setup response; the recovery codes come at verification).
 */
export const totpSetupResponseSchema = z.object({
  otpauth_uri: z.string(),
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** The QR code of otpauth_uri as an SVG document, rendered by Parley (never an outside service). */
  qr_svg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

/** POST /api/mfa/totp/verify-enrollment and POST /api/mfa/step-up. */
export const totpCodeInputSchema = z.object({ code: totpCodeSchema });
export type TotpCodeInput = z.infer<typeof totpCodeInputSchema>;

/**
 * The answer to a code check. A wrong code is `success: false` with 'Invalid code. Please try
 * again.' and how many attempts are left; a lockout is a 429 instead.
 */
export const mfaCodeResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Failures left before the lockout (docs/product.md §9: 5). */
  attempts_remaining: z.number().int().min(0),
});
export type MfaCodeResult = z.infer<typeof mfaCodeResultSchema>;

/** POST /api/mfa/totp/verify-enrollment: the ten recovery codes, shown this once (empty on failure). */
export const verifyEnrollmentResponseSchema = mfaCodeResultSchema.extend({
  recovery_codes: z.array(z.string()),
});
export type VerifyEnrollmentResponse = z.infer<typeof verifyEnrollmentResponseSchema>;

/**
 * POST /api/mfa/totp/verify-login (docs/product.md §7: {code, use_recovery}; docs/product.md §5 for each kind
 * of code).
 */
export const verifyLoginInputSchema = z
  .object({
    code: z.string({ error: MFA_TEXTS.enterSixDigitCode }).max(64),
    use_recovery: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    const message = input.use_recovery
      ? recoveryCodeError(input.code)
      : /^\d{6}$/.test(input.code.trim())
        ? null
        : MFA_TEXTS.enterSixDigitCode;
    if (message) ctx.addIssue({ code: 'custom', path: ['code'], message });
  });
export type VerifyLoginInput = z.input<typeof verifyLoginInputSchema>;

export const verifyLoginResponseSchema = mfaCodeResultSchema.extend({
  /** Unused recovery codes left after this sign-in (null when a TOTP code was used). */
  recovery_codes_remaining: z.number().int().min(0).nullable(),
});
export type VerifyLoginResponse = z.infer<typeof verifyLoginResponseSchema>;

/** GET /api/mfa/status: the signed-in user's own MFA state (Settings, and the dialogs after a reload). */
export const mfaStatusResponseSchema = z.object({
  /** A verified authenticator exists. */
  enrolled: z.boolean(),
  verified_at: z.string().nullable(),
  /** Admins always, everyone when mfa_totp_enforced is 'true' (docs/product.md §4, §6). */
  required: z.boolean(),
  /** Only when MFA is not required and a factor exists. */
  can_remove: z.boolean(),
  recovery_codes_remaining: z.number().int().min(0),
  /** A code was verified in this session within the last 5 minutes (needed to remove or regenerate). */
  recently_verified: z.boolean(),
  attempts_remaining: z.number().int().min(0),
  /** While locked out: until when (ISO 8601). */
  locked_until: z.string().nullable(),
  /** How many passkeys the user has (docs/decisions/057-passkeys.md): each one satisfies MFA like TOTP. */
  passkey_count: z.number().int().min(0),
  /**
   * The organisation requires passkeys of its admins and the user is one: an authenticator code no
   * longer finishes MFA, and without a passkey one must be added.
   */
  passkey_required: z.boolean(),
});
export type MfaStatusResponse = z.infer<typeof mfaStatusResponseSchema>;

/** POST /api/mfa/recovery-codes: a fresh set replaces every earlier code. */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** The name of the downloaded recovery codes file (docs/product.md §9: a text file). */
export const RECOVERY_CODES_FILE_NAME = 'parley-recovery-codes.txt';
