import type { ApprovalQueueSort } from '@parley/contracts';
import { messageKeys } from '@/api/messages/message-keys';

/**
 * The queue and its stats sit under the message lists, which every realtime message event
 * invalidates: they follow submissions and decisions made anywhere within a second. One message's
 * approval state holds its id, so events for that message refresh it.
 */
export const approvalKeys = {
  all: [...messageKeys.lists, 'approvals'] as const,
  queue: (sort: ApprovalQueueSort) => [...approvalKeys.all, 'queue', sort] as const,
  stats: () => [...approvalKeys.all, 'stats'] as const,
  /** Approvals given over high-severity flags (the Compliance center's Overrides). */
  overrides: () => [...approvalKeys.all, 'overrides'] as const,
  state: (messageId: string) => [...messageKeys.all, 'approval', messageId] as const,
};
