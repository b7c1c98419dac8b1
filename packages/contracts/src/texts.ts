/** User-facing texts quoted verbatim from docs/product.md §2 and §8, for the web. */
export const TEXTS = {
  notFound: 'Oops! Page not found',
  loading: 'Loading...',
  invitationPending: 'Invitation Pending',
  acceptingInvitation: 'Accepting invitation...',
  signInError: 'An error occurred during sign in',
  magicLinkEmpty: 'Please enter your email address',
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: 'You do not have permission to access this page',
  magicLinkSent: 'Magic link sent! Check your email.',
  magicLinkFailed: 'Failed to send magic link',
  invalidRequest: 'Invalid Request',
  unsubscribeEmailRequired: 'Email address is required',
  systemHealthFailed: 'Failed to load system health',
  preferencesUpdateFailed: 'Failed to update preferences',
  preferencesNoChangesTitle: 'No changes',
  preferencesNoChangesBody: 'All preferences are enabled',
} as const;

/**
 * Under the sign-in page's 'Too many attempts' (docs/product.md §8): how long the account waits (the
 * server's Retry-After, counted down) and the way in that does not wait.
 */
export function signInWaitText(seconds: number): string {
  if (seconds <= 0) return 'You can sign in again now.';
  const when =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `You can sign in again in ${when}, or use Send Magic Link.`;
}
