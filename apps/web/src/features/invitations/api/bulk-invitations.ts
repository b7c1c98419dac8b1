import {
  type BulkInvitationActionInput,
  type BulkInvitationActionResponse,
  bulkInvitationActionResponseSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

/**
 * POST /api/invitations/bulk {action, ids}: Resend Selected or Delete Selected in one request. The
 * server acts on every id in one transaction and answers how many succeeded and failed.
 */
export function applyBulkInvitationAction(
  input: BulkInvitationActionInput,
): Promise<BulkInvitationActionResponse> {
  return api.post('/api/invitations/bulk', input, { parser: bulkInvitationActionResponseSchema });
}

export function useApplyBulkInvitationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBulkInvitationAction,
    // docs/product.md §4: after any send the list is reloaded.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
