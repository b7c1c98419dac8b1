import { type InvitationPreview, invitationPreviewSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/invitations/preview {token}: who an invitation link is for and whether it can still be
 * used. A POST that consumes nothing, so the token stays out of URLs in logs; 404 for an unknown link.
 */
export function previewInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return api.post('/api/invitations/preview', { token }, { signal, parser: invitationPreviewSchema });
}

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation-preview', token] as const,
    queryFn: ({ signal }) => previewInvitation(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvitationPreview(token: string | null) {
  return useQuery({ ...invitationPreviewQueryOptions(token ?? ''), enabled: Boolean(token) });
}

/** True while the link's invitation can still be accepted (the page then titles its sign-in card h2). */
export function useIsInvitationAcceptable(token: string | null): boolean {
  const preview = useInvitationPreview(token);
  return preview.data?.status === 'pending';
}
