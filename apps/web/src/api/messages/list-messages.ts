import {
  INBOX_PAGE_SIZE_DEFAULT,
  type InboxTab,
  type ListMessagesResponse,
  listMessagesResponseSchema,
} from '@parley/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

export type InboxListInput = { tab: InboxTab; q: string };

/** What the inbox shows when it opens: every message, no search. */
export const INBOX_FIRST_VIEW: InboxListInput = { tab: 'all', q: '' };

/** How many messages the command palette shows for a search. */
export const MESSAGE_SEARCH_LIMIT = 5;
/** Fewer characters than this match too much to be worth a request. */
export const MESSAGE_SEARCH_MIN_CHARS = 2;
/** How many of a fund's newest messages its page lists. */
const PROJECT_MESSAGES_LIMIT = 20;

/**
 * GET /api/messages?tab&q&project_id&limit&cursor: one page of the organisation's messages, newest
 * first, with every tab's count unless searched (useSearchCounts). `q` matches the investor's name or
 * the subject.
 */
export function listMessages(
  input: { tab?: InboxTab; q?: string; projectId?: string; limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<ListMessagesResponse> {
  const params = new URLSearchParams();
  if (input.tab) params.set('tab', input.tab);
  if (input.projectId) params.set('project_id', input.projectId);
  if (input.q) params.set('q', input.q);
  params.set('limit', String(input.limit));
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/messages?${params}`, { signal, parser: listMessagesResponseSchema });
}

/** The inbox's pages so far; 'Load more' fetches the next with the last page's cursor. */
function inboxMessagesQueryOptions(input: InboxListInput) {
  return infiniteQueryOptions({
    queryKey: messageKeys.inbox(input),
    queryFn: ({ pageParam, signal }) =>
      listMessages({ ...input, limit: INBOX_PAGE_SIZE_DEFAULT, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The previous tab's or search's cards stay while the new ones load, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useInboxMessages(input: InboxListInput) {
  return useInfiniteQuery(inboxMessagesQueryOptions(input));
}

/** The inbox's first page, asked for before the inbox's code has loaded (app/router.tsx). */
export function prefetchInboxFirstPage(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchInfiniteQuery(inboxMessagesQueryOptions(INBOX_FIRST_VIEW));
}

/** The newest few messages matching a search (the inbox's own search), for the command palette. */
export function messageSearchQueryOptions(q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: messageKeys.search(query),
    queryFn: ({ signal }) => listMessages({ q: query, limit: MESSAGE_SEARCH_LIMIT }, signal),
    enabled: query.length >= MESSAGE_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMessageSearch(q: string) {
  return useQuery(messageSearchQueryOptions(q));
}

/** The newest messages about one fund, for its page. */
export function useProjectMessages(projectId: string) {
  return useQuery({
    queryKey: projectKeys.messages(projectId),
    queryFn: ({ signal }) => listMessages({ projectId, limit: PROJECT_MESSAGES_LIMIT }, signal),
  });
}
