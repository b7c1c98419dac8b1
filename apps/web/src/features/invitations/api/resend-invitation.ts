import { type ResendInvitationResponse, resendInvitationResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

/**
 * POST /api/invitations/:id/resend (docs/product.md §7 resend-invite): a new link replaces the old one. Over
 * the
 * daily cap the server answers 429 RESEND_LIMIT_REACHED, which means 0 resends remain.
 */
export function resendInvitation(id: string): Promise<ResendInvitationResponse> {
  return api.post(
    `/api/invitations/${encodeURIComponent(id)}/resend`,
    {},
    { parser: resendInvitationResponseSchema },
  );
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    // docs/product.md §4: after any send the list is reloaded.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
