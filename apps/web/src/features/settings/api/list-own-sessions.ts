import { type ListOwnSessionsResponse, listOwnSessionsResponseSchema } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/auth/sessions?cursor: one's own live sessions, newest first, the current one marked. */
export function listOwnSessions(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListOwnSessionsResponse> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params}` : '';
  return api.get(`/api/auth/sessions${query}`, { signal, parser: listOwnSessionsResponseSchema });
}

export function useOwnSessions() {
  return useInfiniteQuery({
    queryKey: settingsKeys.sessions,
    queryFn: ({ pageParam, signal }) => listOwnSessions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}
