import {
  INBOX_PAGE_SIZE_DEFAULT,
  type InboxTab,
  type ListMessagesResponse,
  listMessagesResponseSchema,
} from '@parley/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

export type InboxListInput = { tab: InboxTab; q: string };

/** GET /api/messages?tab&q&limit&cursor: one page of a tab, newest first, with every tab's count. */
export function listMessages(
  input: InboxListInput & { cursor: string | null },
  signal?: AbortSignal,
): Promise<ListMessagesResponse> {
  const params = new URLSearchParams({ tab: input.tab, limit: String(INBOX_PAGE_SIZE_DEFAULT) });
  if (input.q) params.set('q', input.q);
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/messages?${params}`, { signal, parser: listMessagesResponseSchema });
}

/** The inbox's pages so far; 'Load more' fetches the next with the last page's cursor. */
export function useInboxMessages(input: InboxListInput) {
  return useInfiniteQuery({
    queryKey: messageKeys.list(input),
    queryFn: ({ pageParam, signal }) => listMessages({ ...input, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The previous tab's or search's cards stay while the new ones load, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}
