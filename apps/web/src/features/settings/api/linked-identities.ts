import {
  type ListLinkedIdentitiesResponse,
  listLinkedIdentitiesResponseSchema,
  type StartIdentityLinkResponse,
  startIdentityLinkResponseSchema,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/auth/identities: one's identities at the organisation's single sign-on provider. */
export function useLinkedIdentities() {
  return useQuery({
    queryKey: settingsKeys.linkedIdentities,
    queryFn: ({ signal }): Promise<ListLinkedIdentitiesResponse> =>
      api.get('/api/auth/identities', { signal, parser: listLinkedIdentitiesResponseSchema }),
  });
}

/**
 * POST /api/auth/identities/link: where to send the browser to link an identity (the provider's
 * sign-in, which comes back to /settings?sso_linked=1 or ?sso_error=). 404 without a provider.
 */
export function useStartIdentityLink() {
  return useMutation({
    mutationFn: (): Promise<StartIdentityLinkResponse> =>
      api.post('/api/auth/identities/link', {}, { parser: startIdentityLinkResponseSchema }),
  });
}

/** DELETE /api/auth/identities/:id: unlinks one of one's identities (409 when it is the last way in). */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<void> => api.delete(`/api/auth/identities/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.linkedIdentities }),
  });
}
