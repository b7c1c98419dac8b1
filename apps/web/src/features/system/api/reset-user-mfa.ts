import { type MemberMfaStatus, memberMfaStatusSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/**
 * POST /api/users/:id/mfa/reset: removes the member's authenticator, passkeys and recovery codes with a
 * reason and signs them out everywhere; they are told by e-mail and set MFA up again at their next sign-in.
 */
export function resetUserMfa(input: { userId: string; reason: string }): Promise<MemberMfaStatus> {
  return api.post(
    `/api/users/${encodeURIComponent(input.userId)}/mfa/reset`,
    { reason: input.reason },
    { parser: memberMfaStatusSchema },
  );
}

export function useResetUserMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserMfa,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.mfaStatus() }),
        queryClient.invalidateQueries({ queryKey: securityKeys.mfaStats() }),
      ]),
  });
}
