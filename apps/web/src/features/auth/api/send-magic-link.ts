import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/magic-link {email}: e-mails a one-time sign-in link (SPEC §7). */
export function sendMagicLink(email: string): Promise<unknown> {
  return api.post<unknown>('/api/auth/magic-link', { email });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
