import { type Message, messageSchema } from '@parley/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** GET /api/messages/:id: one message of the caller's organisation. */
export function getMessage(id: string, signal?: AbortSignal): Promise<Message> {
  return api.get(`/api/messages/${encodeURIComponent(id)}`, { signal, parser: messageSchema });
}

export function messageQueryOptions(id: string) {
  return queryOptions({ queryKey: messageKeys.detail(id), queryFn: ({ signal }) => getMessage(id, signal) });
}

export function useMessage(id: string) {
  return useQuery(messageQueryOptions(id));
}

/**
 * Opening a thread reads it for the caller (the server records the read), so once it has loaded the
 * lists and the sidebar's unread count refresh (docs/decisions/050-triage-unread-and-owner.md).
 */
export function useRefreshListsOnceRead(id: string, isLoaded: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isLoaded && id) void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
  }, [isLoaded, id, queryClient]);
}
