import { type ThreadResponse, threadResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/api/messages/message-keys';
import { api } from '@/lib/api-client';

/**
 * GET /api/messages/:id/thread: the thread of any of its messages, every message and sent reply oldest
 * first, and the newest message, which the draft workspace answers (docs/decisions/058-inbound-email.md).
 */
export function getThread(id: string, signal?: AbortSignal): Promise<ThreadResponse> {
  return api.get(`/api/messages/${encodeURIComponent(id)}/thread`, { signal, parser: threadResponseSchema });
}

/**
 * Keyed by the id the page was opened with, so a realtime `message.created` naming the thread refreshes
 * it (lib/realtime.ts), and a link to any message of the thread keeps its own cache entry.
 */
export function threadQueryOptions(id: string) {
  return queryOptions({ queryKey: messageKeys.thread(id), queryFn: ({ signal }) => getThread(id, signal) });
}

export function useThread(id: string) {
  return useQuery(threadQueryOptions(id));
}
