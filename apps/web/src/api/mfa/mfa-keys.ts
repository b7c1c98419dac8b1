/** One's own MFA state: the sign-in dialogs and Settings read it; changes to one's factor invalidate it. */
export const mfaKeys = {
  status: ['mfa-status'] as const,
  /** One's own passkeys (docs/decisions/057-passkeys.md). */
  passkeys: ['mfa-passkeys'] as const,
};
