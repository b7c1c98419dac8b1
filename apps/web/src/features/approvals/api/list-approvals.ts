import {
  APPROVAL_QUEUE_PAGE_SIZE_DEFAULT,
  type ApprovalQueueSort,
  type ListApprovalsResponse,
  listApprovalsResponseSchema,
} from '@parley/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { approvalKeys } from '@/api/approvals/approval-keys';
import { api } from '@/lib/api-client';

/** GET /api/approvals?sort&limit&cursor: one page of pending submissions. */
export function listApprovals(
  input: { sort: ApprovalQueueSort; cursor: string | null },
  signal?: AbortSignal,
): Promise<ListApprovalsResponse> {
  const params = new URLSearchParams({ sort: input.sort, limit: String(APPROVAL_QUEUE_PAGE_SIZE_DEFAULT) });
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/approvals?${params}`, { signal, parser: listApprovalsResponseSchema });
}

export function useApprovalQueue(sort: ApprovalQueueSort) {
  return useInfiniteQuery({
    queryKey: approvalKeys.queue(sort),
    queryFn: ({ pageParam, signal }) => listApprovals({ sort, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}
