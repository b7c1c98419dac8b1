import {
  type ListNotificationsResponse,
  listNotificationsResponseSchema,
  type MarkNotificationsReadResponse,
  markNotificationsReadResponseSchema,
} from '@parley/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** GET /api/notifications: one's own, newest first, with the unread count (first page's is current). */
export function listNotifications(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListNotificationsResponse> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get(`/api/notifications?${params}`, { signal, parser: listNotificationsResponseSchema });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** POST /api/notifications/:id/read, or /api/notifications/read-all for 'all'. */
export function markNotificationsRead(id: string | 'all'): Promise<MarkNotificationsReadResponse> {
  return api.post(
    id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${encodeURIComponent(id)}/read`,
    undefined,
    { parser: markNotificationsReadResponseSchema },
  );
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
