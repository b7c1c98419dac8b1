import { type LiveTestResponse, liveTestResponseSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/email-health/live-test: test mails to the signed-in admin, one result each. */
export function useRunLiveTest() {
  return useMutation({
    mutationFn: (): Promise<LiveTestResponse> =>
      api.post('/api/admin/email-health/live-test', undefined, { parser: liveTestResponseSchema }),
  });
}
