import { type SignInInput, type SignInResponse, signInResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/sign-in {email, password}: sets the session cookie and says whether MFA comes next. */
export function signIn(input: SignInInput): Promise<SignInResponse> {
  return api.post('/api/auth/sign-in', input, { parser: signInResponseSchema });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
