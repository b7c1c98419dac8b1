import { type TestMagicLinkResponse, testMagicLinkResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/test-magic-link: a real magic link to the signed-in admin's own address. */
export function sendTestMagicLink(): Promise<TestMagicLinkResponse> {
  return api.post('/api/admin/test-magic-link', {}, { parser: testMagicLinkResponseSchema });
}

export function useSendTestMagicLink() {
  return useMutation({ mutationFn: sendTestMagicLink });
}
