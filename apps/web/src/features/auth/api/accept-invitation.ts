import { type AcceptInvitationInput, type SignInResponse, signInResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/invitations/accept {token, name, password} (docs/product.md §7 accept_invitation): creates the
 * invited account with the invited e-mail, signs it in and answers like sign-in.
 */
export function acceptInvitation(input: AcceptInvitationInput): Promise<SignInResponse> {
  return api.post('/api/invitations/accept', input, { parser: signInResponseSchema });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
