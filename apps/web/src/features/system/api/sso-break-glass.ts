import {
  type SsoBreakGlassInput,
  type SsoBreakGlassResponse,
  ssoBreakGlassResponseSchema,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** GET /api/security/sso-break-glass: the break-glass admin and the admins who may be chosen. */
export function useSsoBreakGlass() {
  return useQuery({
    queryKey: securityKeys.ssoBreakGlass(),
    queryFn: ({ signal }) =>
      api.get('/api/security/sso-break-glass', { signal, parser: ssoBreakGlassResponseSchema }),
  });
}

/** PUT /api/security/sso-break-glass: names the break-glass admin, or nobody. */
export function useSetSsoBreakGlass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoBreakGlassInput): Promise<SsoBreakGlassResponse> =>
      api.put('/api/security/sso-break-glass', input, { parser: ssoBreakGlassResponseSchema }),
    onSuccess: (view) => queryClient.setQueryData(securityKeys.ssoBreakGlass(), view),
  });
}
