import type { InboxTab } from '@parley/contracts';

/** Query keys of the inbox; creating a message invalidates `messageKeys.all`. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (input: { tab: InboxTab; q: string }) => [...messageKeys.lists(), input] as const,
};
