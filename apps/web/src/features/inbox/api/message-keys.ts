import type { InboxTab } from '@parley/contracts';
import { messageListsQueryKey, messageQueryRoot } from '@/lib/query-keys';

/**
 * Query keys of the inbox; creating a message invalidates `messageKeys.all`. Built on the shared
 * roots of lib/query-keys.ts, which realtime events invalidate.
 */
export const messageKeys = {
  all: messageQueryRoot,
  lists: () => messageListsQueryKey,
  list: (input: { tab: InboxTab; q: string }) => [...messageKeys.lists(), input] as const,
};
