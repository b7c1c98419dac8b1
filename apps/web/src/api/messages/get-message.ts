import { type Message, messageSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
