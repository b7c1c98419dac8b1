import { type ApprovalStats, approvalStatsSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { approvalKeys } from '@/api/approvals/approval-keys';
import { api } from '@/lib/api-client';

/** GET /api/approvals/stats: pending, average response time, flagged today. */
export function getApprovalStats(signal?: AbortSignal): Promise<ApprovalStats> {
  return api.get('/api/approvals/stats', { signal, parser: approvalStatsSchema });
}

export function useApprovalStats() {
  return useQuery({ queryKey: approvalKeys.stats(), queryFn: ({ signal }) => getApprovalStats(signal) });
}
