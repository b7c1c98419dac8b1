import { messageBadgesResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/**
 * GET /api/messages/badges: the caller's unread messages still to be dealt with (at most 99, then
 * `unread_capped`) and, for reviewers, the approvals waiting. Under the list keys, so realtime message
 * events and the caller's own triage refresh it.
 */
export function useMessageBadges() {
  return useQuery({
    queryKey: messageKeys.badges,
    queryFn: ({ signal }) => api.get('/api/messages/badges', { signal, parser: messageBadgesResponseSchema }),
    staleTime: 30_000,
  });
}
