import {
  type CreateInvitationInput,
  type CreateInvitationResponse,
  createInvitationResponseSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

/**
 * POST /api/invitations {email, role}: creates the invitation and e-mails its link (docs/product.md §7
 * send-invitation).
 */
export function createInvitation(input: CreateInvitationInput): Promise<CreateInvitationResponse> {
  return api.post('/api/invitations', input, { parser: createInvitationResponseSchema });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // docs/product.md §4: after any send the list is reloaded.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
