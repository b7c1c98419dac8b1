/** Query keys of the Security settings page; mutations invalidate by these prefixes. */
export const securityKeys = {
  all: ['security'] as const,
  mfaStats: () => [...securityKeys.all, 'mfa-stats'] as const,
  systemConfig: () => [...securityKeys.all, 'system-config'] as const,
  ssoBreakGlass: () => [...securityKeys.all, 'sso-break-glass'] as const,
  ssoProvider: () => [...securityKeys.all, 'sso-provider'] as const,
  mfaStatus: () => [...securityKeys.all, 'mfa-status'] as const,
  mfaStatusPage: (search: string, cursor: string | null) =>
    [...securityKeys.mfaStatus(), { search, cursor }] as const,
};
