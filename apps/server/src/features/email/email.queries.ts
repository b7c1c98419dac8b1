import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailEvents, emailOutbox, emailPreferences } from '../../db/schema';

export async function insertOutboxMail(db: DbOrTx, values: typeof emailOutbox.$inferInsert) {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

export async function findOutboxMail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: emailOutbox.id,
      orgId: emailOutbox.orgId,
      toEmail: emailOutbox.toEmail,
      template: emailOutbox.template,
      subject: emailOutbox.subject,
      textBody: emailOutbox.textBody,
      htmlBody: emailOutbox.htmlBody,
      headers: emailOutbox.headers,
      status: emailOutbox.status,
      sentAt: emailOutbox.sentAt,
      attempts: emailOutbox.attempts,
      messageId: emailOutbox.messageId,
      rawMessage: emailOutbox.rawMessage,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row ?? null;
}

export async function updateOutboxMail(
  db: DbOrTx,
  id: string,
  values: Partial<typeof emailOutbox.$inferInsert>,
) {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
}

/**
 * The sender's own claim on a mail it just queued: the row gets a lease, so the retry job leaves it
 * alone while this delivery is under way. False when someone else (the job) holds it already.
 */
export async function claimQueuedOutboxMail(db: DbOrTx, id: string, leaseUntil: Date) {
  const rows = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued'), isNull(emailOutbox.nextAttemptAt)))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

export async function insertEmailEvent(db: DbOrTx, values: typeof emailEvents.$inferInsert) {
  await db.insert(emailEvents).values(values);
}

export async function findEmailPreferences(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      weeklyReportsEnabled: emailPreferences.weeklyReportsEnabled,
      systemAlertsEnabled: emailPreferences.systemAlertsEnabled,
    })
    .from(emailPreferences)
    .where(eq(emailPreferences.email, email));
  return row ?? { weeklyReportsEnabled: true, systemAlertsEnabled: true };
}

export async function upsertEmailPreferences(
  db: DbOrTx,
  email: string,
  values: { weeklyReportsEnabled?: boolean; systemAlertsEnabled?: boolean; updatedAt: Date },
) {
  await db
    .insert(emailPreferences)
    .values({ email, ...values })
    .onConflictDoUpdate({ target: emailPreferences.email, set: values });
}
