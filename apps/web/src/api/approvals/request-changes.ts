import { type ApprovalState, approvalStateSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMessage } from '@/api/messages/invalidate-message';
import { api } from '@/lib/api-client';

/** POST /api/messages/:id/request-changes: back to the submitter with a required comment. */
export function requestChanges(messageId: string, comment: string): Promise<ApprovalState> {
  return api.post(
    `/api/messages/${encodeURIComponent(messageId)}/request-changes`,
    { comment },
    { parser: approvalStateSchema },
  );
}

export function useRequestChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: string; comment: string }) =>
      requestChanges(input.messageId, input.comment),
    onSettled: (_data, _error, input) => invalidateMessage(queryClient, input.messageId),
  });
}
