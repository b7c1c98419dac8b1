import type { ApprovalQueueSort } from '@parley/contracts';
import { messageListsQueryKey } from '@/lib/query-keys';

/**
 * Under the inbox lists' root, which every realtime message event invalidates: the queue and its
 * stats follow submissions and decisions made anywhere within a second.
 */
export const approvalKeys = {
  all: [...messageListsQueryKey, 'approvals'] as const,
  queue: (sort: ApprovalQueueSort) => [...approvalKeys.all, 'queue', sort] as const,
  stats: () => [...approvalKeys.all, 'stats'] as const,
};
