import { type InvitationLinkResponse, invitationLinkResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/invitations/:id/link: Copy Link. Only the token's hash is stored, so the server mints a
 * fresh link (the previously sent one stops working) and returns it.
 */
export function mintInvitationLink(id: string): Promise<InvitationLinkResponse> {
  return api.post(
    `/api/invitations/${encodeURIComponent(id)}/link`,
    {},
    { parser: invitationLinkResponseSchema },
  );
}

export function useMintInvitationLink() {
  return useMutation({ mutationFn: mintInvitationLink });
}
