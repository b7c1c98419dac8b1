import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailEvents, emailOutbox } from '../../db/schema';

/**
 * The organisation's delivery counts since `since`, in one pass over its events of the window
 * (index email_events_org_created_idx). A mail counts once per outcome however many events the
 * provider reported for it (an investor who opens a reply three times opened one mail).
 */
export async function countDeliveryEvents(db: DbOrTx, orgId: string, since: Date) {
  const once = (action: string) =>
    sql<number>`count(distinct ${emailEvents.outboxId}) filter (where ${emailEvents.actionType} = ${action})`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${emailEvents.actionType} = 'email_sent')`.mapWith(Number),
      delivered: once('email_delivered'),
      bounced: once('email_bounced'),
      complaints: once('email_complained'),
      opened: once('email_opened'),
      clicked: once('email_clicked'),
      givenUp: sql<number>`count(*) filter (where ${emailEvents.actionType} = 'email_given_up')`.mapWith(
        Number,
      ),
      lastSentAt: sql<
        string | null
      >`max(${emailEvents.createdAt}) filter (where ${emailEvents.actionType} = 'email_sent')`,
    })
    .from(emailEvents)
    .where(and(eq(emailEvents.orgId, orgId), gte(emailEvents.createdAt, since)));
  return {
    sent: row?.sent ?? 0,
    delivered: row?.delivered ?? 0,
    bounced: row?.bounced ?? 0,
    complaints: row?.complaints ?? 0,
    opened: row?.opened ?? 0,
    clicked: row?.clicked ?? 0,
    givenUp: row?.givenUp ?? 0,
    lastSentAt: row?.lastSentAt ? new Date(row.lastSentAt) : null,
  };
}

/**
 * Mail of the organisation written before `olderThan` that has not left and will be tried again:
 * queued, or failed with attempts left (`maxAttempts`; a mail given up is counted by its event).
 */
export async function countWaitingMail(db: DbOrTx, orgId: string, olderThan: Date, maxAttempts: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.orgId, orgId),
        lt(emailOutbox.createdAt, olderThan),
        or(
          eq(emailOutbox.status, 'queued'),
          and(eq(emailOutbox.status, 'failed'), lt(emailOutbox.attempts, maxAttempts)),
        ),
      ),
    );
  return row?.n ?? 0;
}
