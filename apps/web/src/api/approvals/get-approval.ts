import { type ApprovalState, approvalStateSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalKeys } from './approval-keys';

/** GET /api/messages/:id/approval: the pending submission, last decision, sent reply, what I may do. */
export function getApproval(messageId: string, signal?: AbortSignal): Promise<ApprovalState> {
  return api.get(`/api/messages/${encodeURIComponent(messageId)}/approval`, {
    signal,
    parser: approvalStateSchema,
  });
}

export function useApproval(messageId: string) {
  return useQuery({
    queryKey: approvalKeys.state(messageId),
    queryFn: ({ signal }) => getApproval(messageId, signal),
  });
}
