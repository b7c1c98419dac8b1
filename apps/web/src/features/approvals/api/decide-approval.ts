import {
  type ApprovalState,
  type ApproveResponse,
  approvalStateSchema,
  approveResponseSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageListsQueryKey } from '@/lib/query-keys';

function invalidateAfterDecision(queryClient: ReturnType<typeof useQueryClient>, messageId: string) {
  void queryClient.invalidateQueries({ queryKey: messageListsQueryKey });
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(messageId) });
}

/**
 * POST /api/messages/:id/approve from the queue: approves exactly the submitted text (the queue
 * item's version and SHA-256); refused with 409 when the draft changed since.
 */
export function useApproveSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: string; version: number; text_sha256: string; rating?: number }) =>
      api.post<ApproveResponse>(
        `/api/messages/${encodeURIComponent(input.messageId)}/approve`,
        {
          version: input.version,
          text_sha256: input.text_sha256,
          ...(input.rating ? { rating: input.rating } : {}),
        },
        { parser: approveResponseSchema },
      ),
    onSettled: (_data, _error, input) => invalidateAfterDecision(queryClient, input.messageId),
  });
}

/** POST /api/messages/:id/request-changes with the required comment. */
export function useRequestChangesOnSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: string; comment: string }) =>
      api.post<ApprovalState>(
        `/api/messages/${encodeURIComponent(input.messageId)}/request-changes`,
        { comment: input.comment },
        { parser: approvalStateSchema },
      ),
    onSettled: (_data, _error, input) => invalidateAfterDecision(queryClient, input.messageId),
  });
}
