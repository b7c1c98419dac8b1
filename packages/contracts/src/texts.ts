/** User-facing texts quoted verbatim from SPEC §2 and §8, for the web. */
export const TEXTS = {
  notFound: 'Oops! Page not found',
  loading: 'Loading...',
  invitationPending: 'Invitation Pending',
  acceptingInvitation: 'Accepting invitation...',
  signInError: 'An error occurred during sign in',
  magicLinkEmpty: 'Please enter your email address',
  verifyingAccess: 'Verifying access...',
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: 'You do not have permission to access this page',
  magicLinkSent: 'Magic link sent! Check your email.',
  magicLinkFailed: 'Failed to send magic link',
  invalidRequest: 'Invalid Request',
  unsubscribeEmailRequired: 'Email address is required',
} as const;
