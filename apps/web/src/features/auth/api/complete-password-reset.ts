import {
  type AuthLinkMessageResponse,
  authLinkMessageResponseSchema,
  type CompletePasswordResetInput,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/**
 * POST /api/auth/password-reset/complete {token, password}: sets the new password and signs the
 * user out on every device; nobody is signed in by it.
 */
export function completePasswordReset(input: CompletePasswordResetInput): Promise<AuthLinkMessageResponse> {
  return api.post('/api/auth/password-reset/complete', input, { parser: authLinkMessageResponseSchema });
}

export function useCompletePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePasswordReset,
    // Every session of the user ended, this browser's too if it was theirs: ask the server again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
