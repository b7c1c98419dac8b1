import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailEvents, emailOutbox, emailWebhookReceipts } from '../../db/schema';
import type { TimeCursor } from '../../lib/cursor';

/**
 * Takes the delivery's webhook-id for a verified request whose events are being stored, in their
 * transaction: false when a stored delivery already holds it (a replay; nothing is stored twice).
 * Two deliveries of one id at once queue on the partial unique index, and the second finds it taken.
 */
export async function claimWebhookReceipt(
  db: DbOrTx,
  values: { webhookId: string; receivedAt: Date; eventCount: number },
): Promise<boolean> {
  const rows = await db
    .insert(emailWebhookReceipts)
    .values({ ...values, status: 200 })
    // The conflict target names the partial index's predicate, so failed (5xx) receipts never block a retry.
    .onConflictDoNothing({
      target: emailWebhookReceipts.webhookId,
      where: sql`${sql.identifier('status')} < 500`,
    })
    .returning({ id: emailWebhookReceipts.id });
  return rows.length > 0;
}

/** A verified delivery that could not be stored: counted as the health report's webhook 5xx. */
export async function insertFailedWebhookReceipt(
  db: DbOrTx,
  values: { webhookId: string; receivedAt: Date; status: number },
) {
  await db.insert(emailWebhookReceipts).values(values);
}

export type OutboxMailByMessageId = {
  id: string;
  orgId: string | null;
  toEmail: string;
  template: string;
  messageId: string;
};

/**
 * The mails sent with these Message-IDs, compared exactly as stored (email_outbox_message_id_idx);
 * should two share one, the first queued is the one reported on.
 */
export async function findOutboxMailsByMessageIds(
  db: DbOrTx,
  messageIds: readonly string[],
): Promise<Map<string, OutboxMailByMessageId>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: emailOutbox.id,
      orgId: emailOutbox.orgId,
      toEmail: emailOutbox.toEmail,
      template: emailOutbox.template,
      messageId: emailOutbox.messageId,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.messageId, [...new Set(messageIds)]))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  const byMessageId = new Map<string, OutboxMailByMessageId>();
  for (const row of rows) {
    if (row.messageId !== null && !byMessageId.has(row.messageId))
      byMessageId.set(row.messageId, { ...row, messageId: row.messageId });
  }
  return byMessageId;
}

export async function insertEmailEvents(db: DbOrTx, values: (typeof emailEvents.$inferInsert)[]) {
  if (values.length > 0) await db.insert(emailEvents).values(values);
}

export type EmailEventRow = {
  id: string;
  createdAt: Date;
  actionType: string;
  recipientEmail: string;
  template: string;
  success: boolean;
  details: Record<string, unknown>;
};

/**
 * One page of an organisation's events since `since`, newest first, keyset on (created_at, id) over
 * email_events_org_created_id_idx; `limit + 1` rows, so the caller knows whether a next page exists.
 */
export async function listEmailEvents(
  db: DbOrTx,
  input: {
    orgId: string;
    since: Date;
    after: TimeCursor | null;
    limit: number;
    actionType?: string;
    /** An ILIKE pattern over the recipient's address. */
    recipientPattern?: string;
  },
): Promise<EmailEventRow[]> {
  const after = input.after
    ? sql`(${emailEvents.createdAt}, ${emailEvents.id}) < (${input.after.at}, ${input.after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: emailEvents.id,
      createdAt: emailEvents.createdAt,
      actionType: emailEvents.actionType,
      recipientEmail: emailEvents.recipientEmail,
      template: emailEvents.template,
      success: emailEvents.success,
      details: emailEvents.details,
    })
    .from(emailEvents)
    .where(
      and(
        eq(emailEvents.orgId, input.orgId),
        gte(emailEvents.createdAt, input.since),
        after,
        input.actionType === undefined ? undefined : eq(emailEvents.actionType, input.actionType),
        input.recipientPattern === undefined
          ? undefined
          : ilike(emailEvents.recipientEmail, input.recipientPattern),
      ),
    )
    .orderBy(desc(emailEvents.createdAt), desc(emailEvents.id))
    .limit(input.limit + 1);
}

/** Verified deliveries answered 5xx in (since, until] (email_webhook_receipts_received_idx). */
export async function countFailedWebhookReceipts(db: DbOrTx, since: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailWebhookReceipts)
    .where(
      and(
        gt(emailWebhookReceipts.receivedAt, since),
        lte(emailWebhookReceipts.receivedAt, until),
        gte(emailWebhookReceipts.status, 500),
      ),
    );
  return row?.n ?? 0;
}

/** When the last delivery whose events were stored arrived, up to `until`. */
export async function findLastWebhookReceiptAt(db: DbOrTx, until: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(emailWebhookReceipts.receivedAt) })
    .from(emailWebhookReceipts)
    .where(
      and(
        lte(emailWebhookReceipts.receivedAt, until),
        sql`${emailWebhookReceipts.status} < 500`,
        gt(emailWebhookReceipts.eventCount, 0),
      ),
    );
  return row?.at ?? null;
}

/** Reported events whose Message-ID matched no mail, in (since, until] (email_events_orgless_created_idx). */
export async function countUnmatchedEmailEvents(db: DbOrTx, since: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailEvents)
    .where(
      and(
        isNull(emailEvents.orgId),
        gt(emailEvents.createdAt, since),
        lte(emailEvents.createdAt, until),
        sql`${emailEvents.details} ->> 'unmatched' = 'true'`,
      ),
    );
  return row?.n ?? 0;
}
