/**
 * Ours, not the spec's: the MFA dialogs arrive in a later issue. Until then a sign-in (password or
 * magic link) that needs MFA says so and signs out instead of failing silently.
 */
export const MFA_UNAVAILABLE =
  'This account requires multi-factor authentication, which cannot be completed here yet. Contact an admin.';
