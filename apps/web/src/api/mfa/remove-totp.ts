import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { mfaKeys } from './mfa-keys';

/** DELETE /api/mfa/totp: removes one's own authenticator (needs a code from the last 5 minutes). */
export function removeTotp(): Promise<void> {
  return api.delete('/api/mfa/totp');
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTotp,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: mfaKeys.status });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
