import { markNotificationsReadResponseSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** POST /api/messages/:id/notifications/read: the caller's notifications about this thread. */
export function readThreadNotifications(messageId: string) {
  return api.post(
    `/api/messages/${encodeURIComponent(messageId)}/notifications/read`,
    {},
    { parser: markNotificationsReadResponseSchema },
  );
}

/** Opening a thread reads its notifications, so the bell only counts what is still unseen. */
export function useReadThreadNotifications(messageId: string, isLoaded: boolean) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => readThreadNotifications(messageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  useEffect(() => {
    if (isLoaded && messageId) mutate();
  }, [isLoaded, messageId, mutate]);
}
