import { messageCountsResponseSchema } from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/**
 * GET /api/messages/counts?q: every tab's count under a search, asked beside the page rather than
 * inside it, so the cards never wait for the counting (docs/decisions/016-inbox-tab-counts.md).
 * Without a search the page carries its counts and this stays idle.
 */
export function useSearchCounts(q: string) {
  return useQuery({
    queryKey: messageKeys.counts(q),
    queryFn: ({ signal }) =>
      api.get(`/api/messages/counts?${new URLSearchParams({ q })}`, {
        signal,
        parser: messageCountsResponseSchema,
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
