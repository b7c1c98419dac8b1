import { type Invitation, invitationSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

/**
 * DELETE /api/invitations/:id {reason?}: soft-deletes a pending invitation (docs/product.md §7
 * delete-invite).
 */
export function deleteInvitation(input: { id: string; reason?: string | undefined }): Promise<Invitation> {
  return api.delete(
    `/api/invitations/${encodeURIComponent(input.id)}`,
    input.reason ? { reason: input.reason } : {},
    { parser: invitationSchema },
  );
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
