import { type CompleteSetupInput, type SignInResponse, signInResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/setup {token, organization, name, email, password}: consumes the one-time link the server
 * prints on first start, creates the organisation and its admin, and sets the session cookie.
 */
export function completeSetup(input: CompleteSetupInput): Promise<SignInResponse> {
  return api.post('/api/setup', input, { parser: signInResponseSchema });
}

export function useCompleteSetup() {
  return useMutation({ mutationFn: completeSetup });
}
