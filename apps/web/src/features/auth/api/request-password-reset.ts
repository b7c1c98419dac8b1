import {
  type AuthLinkMessageResponse,
  authLinkMessageResponseSchema,
  type PasswordResetRequest,
} from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/password-reset {email}: the same answer whether or not the address has an account. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<AuthLinkMessageResponse> {
  return api.post('/api/auth/password-reset', input, { parser: authLinkMessageResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
