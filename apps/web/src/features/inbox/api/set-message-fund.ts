import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMessage } from '@/api/messages/invalidate-message';
import { messageKeys } from '@/api/messages/message-keys';
import { api } from '@/lib/api-client';

/**
 * PUT /api/messages/:id/fund: the fund an e-mail Parley could not place is about
 * (docs/decisions/058-inbound-email.md). The answer's body is not relied on: the message is refetched.
 */
export function setMessageFund(messageId: string, projectId: string): Promise<unknown> {
  return api.put(`/api/messages/${encodeURIComponent(messageId)}/fund`, { project_id: projectId });
}

export function useSetMessageFund(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => setMessageFund(messageId, projectId),
    // The message (its fund badge), the lists (their fund column), the drafts and checks that need a
    // fund, and the thread, whose other messages may have followed it.
    onSettled: () =>
      Promise.all([
        invalidateMessage(queryClient, messageId),
        queryClient.invalidateQueries({ queryKey: messageKeys.threads }),
      ]),
  });
}
