import {
  EMAIL_HEALTH_RECENT_EVENTS,
  type ListEmailEventsResponse,
  listEmailEventsResponseSchema,
} from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailHealthKeys } from './get-email-health';

export type EmailEventFilters = { type: string; recipient: string };

/** GET /api/admin/email-events: the last 7 days, newest first, 50 a page. */
function listEmailEvents(
  filters: EmailEventFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListEmailEventsResponse> {
  const params = new URLSearchParams({ limit: String(EMAIL_HEALTH_RECENT_EVENTS) });
  if (filters.type) params.set('type', filters.type);
  if (filters.recipient.trim()) params.set('recipient', filters.recipient.trim());
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/admin/email-events?${params}`, { signal, parser: listEmailEventsResponseSchema });
}

export function useEmailEvents(filters: EmailEventFilters) {
  return useInfiniteQuery({
    queryKey: emailHealthKeys.events(filters),
    queryFn: ({ pageParam, signal }) => listEmailEvents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
