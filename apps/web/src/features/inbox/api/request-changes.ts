import { type ApprovalState, approvalStateSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMessage } from './get-approval';

/** POST /api/messages/:id/request-changes: back to the submitter with a required comment. */
export function requestChanges(messageId: string, comment: string): Promise<ApprovalState> {
  return api.post(
    `/api/messages/${encodeURIComponent(messageId)}/request-changes`,
    { comment },
    { parser: approvalStateSchema },
  );
}

export function useRequestChanges(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => requestChanges(messageId, comment),
    onSettled: () => invalidateMessage(queryClient, messageId),
  });
}
