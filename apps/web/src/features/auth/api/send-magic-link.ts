import { type AuthLinkMessageResponse, authLinkMessageResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/magic-link {email}: runs the invite check and e-mails a single-use sign-in link
 * valid 15 minutes (docs/product.md §7). Refusals carry the server's message (403, 429, 502).
 */
export function sendMagicLink(email: string): Promise<AuthLinkMessageResponse> {
  return api.post('/api/auth/magic-link', { email }, { parser: authLinkMessageResponseSchema });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
