import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  aiResponses,
  emailOutbox,
  inboundEmails,
  investorMessages,
  messageAttachments,
  organizations,
  projects,
  userSettings,
} from '../../db/schema';

/** The organisations of these inbound slugs (organizations_inbound_slug_key). */
export async function findOrganizationsBySlugs(db: DbOrTx, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  return db
    .select({ id: organizations.id, inboundSlug: organizations.inboundSlug })
    .from(organizations)
    .where(inArray(organizations.inboundSlug, [...slugs]));
}

export async function findOrganizationInboundSlug(db: DbOrTx, orgId: string): Promise<string | null> {
  const [row] = await db
    .select({ inboundSlug: organizations.inboundSlug })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.inboundSlug ?? null;
}

/**
 * The organisation's mail of this Message-ID, if it holds one, with the message and thread it became
 * (inbound_emails_org_message_id_key): a second delivery is answered with them.
 */
export async function findReceivedEmail(db: DbOrTx, orgId: string, rfcMessageId: string) {
  const [row] = await db
    .select({ messageId: inboundEmails.messageId, threadId: investorMessages.threadId })
    .from(inboundEmails)
    .leftJoin(investorMessages, eq(investorMessages.id, inboundEmails.messageId))
    .where(and(eq(inboundEmails.orgId, orgId), eq(inboundEmails.rfcMessageId, rfcMessageId)))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a received mail unless the organisation holds its Message-ID already: the id of the new row,
 * or null for a second delivery. Two deliveries at once queue on the unique index; the second finds it
 * taken and inserts nothing.
 */
export async function insertInboundEmail(
  db: DbOrTx,
  values: typeof inboundEmails.$inferInsert,
): Promise<string | null> {
  const [row] = await db
    .insert(inboundEmails)
    .values(values)
    .onConflictDoNothing({ target: [inboundEmails.orgId, inboundEmails.rfcMessageId] })
    .returning({ id: inboundEmails.id });
  return row?.id ?? null;
}

export async function setInboundEmailMessage(db: DbOrTx, id: string, messageId: string) {
  await db.update(inboundEmails).set({ messageId }).where(eq(inboundEmails.id, id));
}

/**
 * The threads of the mails these Message-IDs name, in the organisation: replies Parley sent
 * (email_outbox_message_id_idx, then the reply's version and its message) and mails it received
 * (inbound_emails_org_message_id_key). Rows by id; the caller picks the nearest.
 */
export async function findThreadsByMessageIds(
  db: DbOrTx,
  orgId: string,
  rfcIds: readonly string[],
): Promise<{ rfcId: string; threadId: string }[]> {
  if (rfcIds.length === 0) return [];
  const ids = [...rfcIds];
  const sent = await db
    .select({ rfcId: sql<string>`${emailOutbox.messageId}`, threadId: investorMessages.threadId })
    .from(emailOutbox)
    .innerJoin(aiResponses, eq(aiResponses.sentEmailId, emailOutbox.id))
    .innerJoin(investorMessages, eq(investorMessages.id, aiResponses.messageId))
    .where(
      and(
        inArray(emailOutbox.messageId, ids),
        eq(emailOutbox.orgId, orgId),
        eq(investorMessages.orgId, orgId),
      ),
    );
  const received = await db
    .select({ rfcId: inboundEmails.rfcMessageId, threadId: investorMessages.threadId })
    .from(inboundEmails)
    .innerJoin(investorMessages, eq(investorMessages.id, inboundEmails.messageId))
    .where(and(eq(inboundEmails.orgId, orgId), inArray(inboundEmails.rfcMessageId, ids)));
  return [...sent, ...received];
}

export type ThreadHead = { id: string; projectId: string | null; ownerId: string | null };

/**
 * The thread's newest message, locked until the transaction ends, so two mails joining one thread at
 * once line up and each supersedes the one before it. Null when another transaction superseded it
 * while this one waited for the lock (the caller reads again).
 */
export async function lockThreadHead(
  db: DbOrTx,
  orgId: string,
  threadId: string,
): Promise<ThreadHead | null> {
  const [row] = await db
    .select({
      id: investorMessages.id,
      projectId: investorMessages.projectId,
      ownerId: investorMessages.ownerId,
    })
    .from(investorMessages)
    .where(
      and(
        eq(investorMessages.threadId, threadId),
        eq(investorMessages.orgId, orgId),
        eq(investorMessages.threadLatest, true),
      ),
    )
    .orderBy(desc(investorMessages.createdAt), desc(investorMessages.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The message is no longer its thread's newest: the tab-count trigger moves its count to the new one. */
export async function supersedeThreadHead(db: DbOrTx, messageId: string, now: Date) {
  await db
    .update(investorMessages)
    .set({ threadLatest: false, updatedAt: now })
    .where(eq(investorMessages.id, messageId));
}

export async function insertInboundMessage(
  db: DbOrTx,
  values: typeof investorMessages.$inferInsert,
): Promise<{ id: string; threadId: string }> {
  const [row] = await db
    .insert(investorMessages)
    .values(values)
    .returning({ id: investorMessages.id, threadId: investorMessages.threadId });
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/** The organisation's funds, for the one an address names (a handful per organisation). */
export async function listOrganizationFunds(db: DbOrTx, orgId: string) {
  return db
    .select({ id: projects.id, name: projects.name, status: projects.status })
    .from(projects)
    .where(eq(projects.orgId, orgId))
    .orderBy(projects.createdAt, projects.id);
}

/**
 * The fund of the investor's latest message that has one, newest first on
 * investor_messages_org_email_created_idx (the same lower() it indexes).
 */
export async function findInvestorLatestFund(db: DbOrTx, orgId: string, email: string) {
  const [row] = await db
    .select({ projectId: investorMessages.projectId })
    .from(investorMessages)
    .where(
      and(
        eq(investorMessages.orgId, orgId),
        sql`lower(${investorMessages.investorEmail}) = ${email.toLowerCase()}`,
        isNotNull(investorMessages.projectId),
      ),
    )
    .orderBy(desc(investorMessages.createdAt), desc(investorMessages.id))
    .limit(1);
  return row?.projectId ?? null;
}

/** Whether the organisation has any message from the address (investor_messages_org_email_created_idx). */
export async function hasMessageFrom(db: DbOrTx, orgId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: investorMessages.id })
    .from(investorMessages)
    .where(
      and(
        eq(investorMessages.orgId, orgId),
        sql`lower(${investorMessages.investorEmail}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMessageAttachments(db: DbOrTx, rows: (typeof messageAttachments.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(messageAttachments).values(rows);
}

/** user_settings.notify_investor_replies; on for a member who never saved settings. */
export async function wantsInvestorReplyEmails(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ notify: userSettings.notifyInvestorReplies })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.notify ?? true;
}

/** The organisation's newest received mails (inbound_emails_org_received_idx). */
export async function listRecentInboundEmails(db: DbOrTx, orgId: string, limit: number) {
  return db
    .select({
      id: inboundEmails.id,
      receivedAt: inboundEmails.receivedAt,
      via: inboundEmails.via,
      fromAddress: inboundEmails.fromAddress,
      subject: inboundEmails.subject,
      outcome: inboundEmails.outcome,
      messageId: inboundEmails.messageId,
    })
    .from(inboundEmails)
    .where(eq(inboundEmails.orgId, orgId))
    .orderBy(desc(inboundEmails.receivedAt), desc(inboundEmails.id))
    .limit(limit);
}
