import {
  type SaveSsoProviderInput,
  type SsoProvider,
  ssoProviderResponseSchema,
  ssoProviderSchema,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** GET /api/security/sso: the organisation's OpenID Connect provider (never its secret), or null. */
export function useSsoProvider() {
  return useQuery({
    queryKey: securityKeys.ssoProvider(),
    queryFn: ({ signal }) => api.get('/api/security/sso', { signal, parser: ssoProviderResponseSchema }),
  });
}

/**
 * PUT /api/security/sso: creates or replaces the provider (the issuer is checked by discovery). 'SSO
 * required' depends on it, so the sign-in settings are read again.
 */
export function useSaveSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSsoProviderInput): Promise<SsoProvider> =>
      api.put('/api/security/sso', input, { parser: ssoProviderSchema }),
    onSuccess: (provider) => {
      queryClient.setQueryData(securityKeys.ssoProvider(), provider);
      void queryClient.invalidateQueries({ queryKey: securityKeys.systemConfig() });
    },
  });
}

/** DELETE /api/security/sso: removes the provider; linked identities stay until their owners unlink them. */
export function useRemoveSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<void> => api.delete('/api/security/sso'),
    onSuccess: () => {
      queryClient.setQueryData(securityKeys.ssoProvider(), null);
      void queryClient.invalidateQueries({ queryKey: securityKeys.systemConfig() });
    },
  });
}
