import { type ListMessagesResponse, listMessagesResponseSchema } from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageListsQueryKey } from '@/lib/query-keys';

/** How many messages the palette shows for a search. */
export const PALETTE_MESSAGE_LIMIT = 5;
/** Fewer characters than this match too much to be worth a request. */
export const PALETTE_MESSAGE_MIN_CHARS = 2;

/**
 * GET /api/messages?q&limit=5: the newest messages whose investor name or subject contains the text
 * (the inbox's own search). Its key sits under the inbox lists, so realtime events refresh it too.
 */
export function searchMessages(q: string, signal?: AbortSignal): Promise<ListMessagesResponse> {
  const params = new URLSearchParams({ q, limit: String(PALETTE_MESSAGE_LIMIT) });
  return api.get(`/api/messages?${params}`, { signal, parser: listMessagesResponseSchema });
}

export function usePaletteMessages(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: [...messageListsQueryKey, 'palette', query],
    queryFn: ({ signal }) => searchMessages(query, signal),
    enabled: query.length >= PALETTE_MESSAGE_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
