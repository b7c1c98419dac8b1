import { type ConsumeMagicLinkInput, type SignInResponse, signInResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/magic-link/consume {token}: uses the e-mailed link up and sets the session cookie;
 * says which MFA step comes next, as password sign-in does.
 */
export function consumeMagicLink(input: ConsumeMagicLinkInput): Promise<SignInResponse> {
  return api.post('/api/auth/magic-link/consume', input, { parser: signInResponseSchema });
}

export function useConsumeMagicLink() {
  return useMutation({ mutationFn: consumeMagicLink });
}
