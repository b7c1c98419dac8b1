import { type SignInResponse, signInResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/invitations/accept-existing {token}: the signed-in user accepts an invitation sent to them. */
export function acceptExistingInvitation(token: string): Promise<SignInResponse> {
  return api.post('/api/invitations/accept-existing', { token }, { parser: signInResponseSchema });
}

export function useAcceptExistingInvitation() {
  return useMutation({ mutationFn: acceptExistingInvitation });
}
