import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** The one PostgreSQL channel realtime events travel on (LISTEN/NOTIFY reaches every instance). */
export const REALTIME_CHANNEL = 'parley_events';

export type RealtimeEvent =
  /** threadId: the thread it starts or joins (docs/decisions/058-inbound-email.md). */
  | { type: 'message.created'; orgId: string; messageId: string; threadId?: string }
  | { type: 'message.updated'; orgId: string; messageId: string }
  | { type: 'draft.saved'; orgId: string; messageId: string; version: number }
  /** Delivered only to the streams of `userId` (the hub filters; the client never sees userId). */
  | { type: 'notification.created'; orgId: string; userId: string; notificationId: string }
  /** A report's status or progress changed (docs/decisions/044-reports.md). */
  | { type: 'report.updated'; orgId: string; reportId: string };

/**
 * Announces a change inside the transaction that makes it: PostgreSQL delivers the notification
 * only if the transaction commits, so listeners never hear of a change that was rolled back.
 * Payloads carry ids only — never message text — and stay far below NOTIFY's 8 KB limit.
 */
export async function notifyOrg(tx: Tx, event: RealtimeEvent) {
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}
