import type { InboxTab } from '@parley/contracts';

/**
 * Query keys of investor messages, which realtime events (lib/realtime.ts) invalidate:
 * - every query about messages starts with `messageKeys.all`; every list of them (the inbox tabs,
 *   the palette's search, the approval queue) sits under `messageKeys.lists`, refreshed by every event;
 * - any query about ONE message (its detail, approval state, drafts and their versions) holds that
 *   message's id in its key, so an event for the id refreshes all of them;
 * - a thread's query holds the id the page was opened with: a message joining the thread refreshes it
 *   by that id or by the thread id it answered (docs/decisions/058-inbound-email.md).
 */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  inbox: (input: { tab: InboxTab; q: string }) => [...messageKeys.lists, input] as const,
  search: (q: string) => [...messageKeys.lists, 'palette', q] as const,
  counts: (q: string) => [...messageKeys.lists, 'counts', q] as const,
  /** The sidebar's and the bell's counts: under lists, so every message event refreshes them. */
  badges: ['messages', 'list', 'badges'] as const,
  assignees: ['messages', 'assignees'] as const,
  detail: (messageId: string) => [...messageKeys.all, 'detail', messageId] as const,
  /** Every thread query; one is keyed by the id it was opened with (any message of the thread). */
  threads: ['messages', 'thread'] as const,
  thread: (threadOrMessageId: string) => [...messageKeys.threads, threadOrMessageId] as const,
};
