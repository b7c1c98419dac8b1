/**
 * Query-key roots shared across features, so realtime invalidation (lib/realtime.ts) reaches every
 * feature's queries without features importing each other.
 *
 * - Every query about investor messages starts with `messageQueryRoot`; the inbox lists under
 *   `[...messageQueryRoot, 'list', …]`.
 * - Any query about ONE message (its detail, its drafts, their versions) includes that message's id
 *   somewhere in its key: a realtime event for the id invalidates all of them.
 */
export const messageQueryRoot = ['messages'] as const;
export const messageListsQueryKey = [...messageQueryRoot, 'list'] as const;

/** Issue 6: the signed-in user's notifications (the bell); a `notification.created` event refreshes them. */
export const notificationQueryRoot = ['notifications'] as const;
