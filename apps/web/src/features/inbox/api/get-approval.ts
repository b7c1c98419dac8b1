import { type ApprovalState, approvalStateSchema } from '@parley/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageListsQueryKey, messageQueryRoot } from '@/lib/query-keys';

/** Under the message root and holding the id, so realtime events for the message refresh it. */
export const approvalKey = (messageId: string) => [...messageQueryRoot, 'approval', messageId] as const;

/** GET /api/messages/:id/approval: the pending submission, last decision, sent reply, what I may do. */
export function getApproval(messageId: string, signal?: AbortSignal): Promise<ApprovalState> {
  return api.get(`/api/messages/${encodeURIComponent(messageId)}/approval`, {
    signal,
    parser: approvalStateSchema,
  });
}

export function useApproval(messageId: string) {
  return useQuery({
    queryKey: approvalKey(messageId),
    queryFn: ({ signal }) => getApproval(messageId, signal),
  });
}

/** After a submission or decision: everything about the message, and the inbox lists. */
export function invalidateMessage(queryClient: QueryClient, messageId: string) {
  void queryClient.invalidateQueries({ queryKey: messageListsQueryKey });
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(messageId) });
}
