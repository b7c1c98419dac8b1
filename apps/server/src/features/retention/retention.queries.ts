import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  aiResponses,
  emailEvents,
  emailOutbox,
  erasureRequests,
  inboundEmails,
  investorMessages,
  legalHolds,
  messageAttachments,
  notifications,
  organizations,
  profiles,
  projects,
} from '../../db/schema';
import type { TimeCursor } from '../../lib/cursor';

/**
 * The organisation's retention period, read under a lock that keeps it and its holds still until the
 * transaction ends: `share` for a deletion or erasure that decides by them, `update` for a change of
 * the period or the holds. The two conflict, so a hold placed while a document is being deleted
 * waits for that deletion to commit, and a deletion that starts after the hold sees it. `for no key
 * update` (not `for update`) lets rows that merely reference the organisation be inserted meanwhile.
 */
export async function lockRetention(
  db: DbOrTx,
  orgId: string,
  mode: 'share' | 'update',
): Promise<{ retentionYears: number } | null> {
  const [row] = await db
    .select({ retentionYears: organizations.retentionYears })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for(mode === 'share' ? 'share' : 'no key update');
  return row ?? null;
}

export async function readRetentionYears(db: DbOrTx, orgId: string): Promise<number | null> {
  const [row] = await db
    .select({ retentionYears: organizations.retentionYears })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.retentionYears ?? null;
}

export async function setRetentionYears(db: DbOrTx, orgId: string, years: number) {
  await db.update(organizations).set({ retentionYears: years }).where(eq(organizations.id, orgId));
}

const placedBy = aliasedTable(profiles, 'placed_by');
const releasedBy = aliasedTable(profiles, 'released_by');

const holdColumns = {
  id: legalHolds.id,
  scope: legalHolds.scope,
  investorEmail: legalHolds.investorEmail,
  projectId: legalHolds.projectId,
  projectName: projects.name,
  reason: legalHolds.reason,
  createdAt: legalHolds.createdAt,
  placedByName: placedBy.name,
  releasedAt: legalHolds.releasedAt,
  releasedByName: releasedBy.name,
  releaseReason: legalHolds.releaseReason,
};

export type HoldRow = {
  id: string;
  scope: 'investor' | 'project' | 'all';
  investorEmail: string | null;
  projectId: string | null;
  projectName: string | null;
  reason: string;
  createdAt: Date;
  placedByName: string | null;
  releasedAt: Date | null;
  releasedByName: string | null;
  releaseReason: string | null;
};

function selectHolds(db: DbOrTx) {
  return db
    .select(holdColumns)
    .from(legalHolds)
    .leftJoin(projects, eq(projects.id, legalHolds.projectId))
    .leftJoin(placedBy, eq(placedBy.id, legalHolds.createdBy))
    .leftJoin(releasedBy, eq(releasedBy.id, legalHolds.releasedBy));
}

/** One page of the organisation's holds, newest first (legal_holds_org_created_idx); `limit + 1` rows. */
export async function listHolds(
  db: DbOrTx,
  input: { orgId: string; status: 'active' | 'released' | 'all'; after: TimeCursor | null; limit: number },
): Promise<HoldRow[]> {
  const status =
    input.status === 'active'
      ? isNull(legalHolds.releasedAt)
      : input.status === 'released'
        ? isNotNull(legalHolds.releasedAt)
        : undefined;
  const after = input.after
    ? sql`(${legalHolds.createdAt}, ${legalHolds.id}) < (${input.after.at}, ${input.after.id}::uuid)`
    : undefined;
  return selectHolds(db)
    .where(and(eq(legalHolds.orgId, input.orgId), status, after))
    .orderBy(desc(legalHolds.createdAt), desc(legalHolds.id))
    .limit(input.limit + 1);
}

export async function findHold(db: DbOrTx, orgId: string, id: string): Promise<HoldRow | null> {
  const [row] = await selectHolds(db).where(and(eq(legalHolds.orgId, orgId), eq(legalHolds.id, id)));
  return row ?? null;
}

export async function countActiveHolds(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(legalHolds)
    .where(and(eq(legalHolds.orgId, orgId), isNull(legalHolds.releasedAt)));
  return row?.n ?? 0;
}

/**
 * The active holds that cover a record: every 'all' hold, the investor's holds by address, and the
 * holds on any of the funds named (legal_holds_org_active_idx keeps this to the few active rows).
 */
export async function findCoveringHolds(
  db: DbOrTx,
  input: { orgId: string; investorEmail?: string; projectIds?: readonly string[] },
): Promise<HoldRow[]> {
  const covers: SQL[] = [eq(legalHolds.scope, 'all')];
  if (input.investorEmail) {
    covers.push(
      and(eq(legalHolds.scope, 'investor'), eq(legalHolds.investorEmail, input.investorEmail)) as SQL,
    );
  }
  if (input.projectIds && input.projectIds.length > 0) {
    covers.push(
      and(eq(legalHolds.scope, 'project'), inArray(legalHolds.projectId, [...input.projectIds])) as SQL,
    );
  }
  return selectHolds(db)
    .where(and(eq(legalHolds.orgId, input.orgId), isNull(legalHolds.releasedAt), or(...covers)))
    .orderBy(desc(legalHolds.createdAt), desc(legalHolds.id));
}

export async function insertHold(
  db: DbOrTx,
  values: {
    orgId: string;
    scope: 'investor' | 'project' | 'all';
    investorEmail: string | null;
    projectId: string | null;
    reason: string;
    createdBy: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(legalHolds).values(values).returning({ id: legalHolds.id });
  if (!row) throw new Error('legal hold insert returned nothing');
  return row.id;
}

/** Releases an active hold; false when it was already released (the row is locked by the update). */
export async function markHoldReleased(
  db: DbOrTx,
  input: { orgId: string; id: string; releasedBy: string; releasedAt: Date; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(legalHolds)
    .set({ releasedAt: input.releasedAt, releasedBy: input.releasedBy, releaseReason: input.reason })
    .where(and(eq(legalHolds.orgId, input.orgId), eq(legalHolds.id, input.id), isNull(legalHolds.releasedAt)))
    .returning({ id: legalHolds.id });
  return rows.length > 0;
}

export async function findProjectName(db: DbOrTx, orgId: string, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return row?.name ?? null;
}

/** The expression investor_messages_org_email_created_idx is built on. */
const messageEmail = sql`lower(${investorMessages.investorEmail})`;

/**
 * The investor's messages with the date their retention is counted from: the message's last change
 * (a reply approved, a status moved), as SEC rule 204-2 counts from a record's last entry.
 */
export async function listInvestorMessages(db: DbOrTx, orgId: string, email: string) {
  return db
    .select({
      id: investorMessages.id,
      projectId: investorMessages.projectId,
      investorName: investorMessages.investorName,
      lastChangedAt:
        sql<Date>`greatest(${investorMessages.createdAt}, ${investorMessages.updatedAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
    })
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, orgId), sql`${messageEmail} = ${email}`));
}

/** The replies mailed to the investor (stored lower-cased), each dated by its own creation. */
export async function listInvestorReplyMails(db: DbOrTx, orgId: string, email: string) {
  return db
    .select({ id: emailOutbox.id, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.orgId, orgId),
        eq(emailOutbox.toEmail, email),
        eq(emailOutbox.template, 'investor_reply'),
      ),
    );
}

/** `text` with every match of the patterns (case-insensitive) replaced by the pseudonym, in SQL. */
function pseudonymised(
  column: SQL | typeof investorMessages.subject,
  patterns: readonly string[],
  pseudonym: string,
) {
  let expression: SQL = sql`${column}`;
  for (const pattern of patterns)
    expression = sql`regexp_replace(${expression}, ${pattern}, ${pseudonym}, 'gi')`;
  return expression;
}

/**
 * Replaces the investor's identity in the given messages and everything written about them (draft
 * versions, notifications): the name and address fields by the pseudonym, and every occurrence of the
 * address or a recorded name in their free text.
 */
export async function pseudonymiseMessages(
  db: DbOrTx,
  input: {
    orgId: string;
    messageIds: readonly string[];
    patterns: readonly string[];
    pseudonym: { name: string; email: string };
  },
) {
  if (input.messageIds.length === 0) return;
  const ids = [...input.messageIds];
  const { patterns } = input;
  const name = input.pseudonym.name;
  // Messages: updated_at is left alone, so the retention clock of the record does not restart.
  await db
    .update(investorMessages)
    .set({
      investorName: name,
      investorEmail: input.pseudonym.email,
      subject: pseudonymised(sql`${investorMessages.subject}`, patterns, name),
      bodyText: pseudonymised(sql`${investorMessages.bodyText}`, patterns, name),
    })
    .where(and(eq(investorMessages.orgId, input.orgId), inArray(investorMessages.id, ids)));
  await db
    .update(aiResponses)
    .set({
      aiDraft: pseudonymised(sql`${aiResponses.aiDraft}`, patterns, name),
      finalResponse: sql`case when ${aiResponses.finalResponse} is null then null else ${pseudonymised(sql`${aiResponses.finalResponse}`, patterns, name)} end`,
    })
    .where(and(eq(aiResponses.orgId, input.orgId), inArray(aiResponses.messageId, ids)));
  await db
    .update(notifications)
    .set({
      title: pseudonymised(sql`${notifications.title}`, patterns, name),
      body: pseudonymised(sql`${notifications.body}`, patterns, name),
    })
    .where(and(eq(notifications.orgId, input.orgId), inArray(notifications.messageId, ids)));
}

/** The mails and their delivery events: the address by the pseudonymous one, the texts as above. */
export async function pseudonymiseReplyMails(
  db: DbOrTx,
  input: {
    orgId: string;
    outboxIds: readonly string[];
    patterns: readonly string[];
    pseudonym: { name: string; email: string };
  },
) {
  if (input.outboxIds.length === 0) return;
  const ids = [...input.outboxIds];
  const { patterns } = input;
  const name = input.pseudonym.name;
  await db
    .update(emailOutbox)
    .set({
      toEmail: input.pseudonym.email,
      subject: pseudonymised(sql`${emailOutbox.subject}`, patterns, name),
      textBody: pseudonymised(sql`${emailOutbox.textBody}`, patterns, name),
      htmlBody: pseudonymised(sql`${emailOutbox.htmlBody}`, patterns, name),
      // The message as sent: the address (identityPatterns puts it first) becomes the pseudonymous
      // address, so its headers stay addresses; then the names.
      rawMessage: pseudonymised(
        pseudonymised(sql`${emailOutbox.rawMessage}`, patterns.slice(0, 1), input.pseudonym.email),
        patterns.slice(1),
        name,
      ),
    })
    .where(and(eq(emailOutbox.orgId, input.orgId), inArray(emailOutbox.id, ids)));
  await db
    .update(emailEvents)
    .set({ recipientEmail: input.pseudonym.email })
    .where(inArray(emailEvents.outboxId, ids));
}

/**
 * The investor's received mail that became no message (an auto-reply, a bounce: decision 058), by the
 * address it came from (stored lower-cased; inbound_emails_org_from_idx), each dated by its receipt.
 * Mail that became a message goes with its message.
 */
export async function listInvestorUnthreadedMail(db: DbOrTx, orgId: string, email: string) {
  return db
    .select({ id: inboundEmails.id, receivedAt: inboundEmails.receivedAt })
    .from(inboundEmails)
    .where(
      and(
        eq(inboundEmails.orgId, orgId),
        eq(inboundEmails.fromAddress, email),
        isNull(inboundEmails.messageId),
        // Already erased by an earlier request.
        isNotNull(inboundEmails.raw),
      ),
    );
}

/**
 * Erases received mail (docs/decisions/058-inbound-email.md): the raw message goes (it is the
 * investor's whole e-mail, names, signature and quoted history included), the addresses become the
 * pseudonymous one and the subject is pseudonymised like a message's; the Message-ID, size and hash
 * stay, so threading and the record that a mail came remain. The mail of the given messages, or the
 * given rows.
 */
export async function pseudonymiseReceivedMail(
  db: DbOrTx,
  input: {
    orgId: string;
    by: { messageIds: readonly string[] } | { ids: readonly string[] };
    patterns: readonly string[];
    pseudonym: { name: string; email: string };
  },
): Promise<number> {
  const which =
    'messageIds' in input.by
      ? inArray(inboundEmails.messageId, [...input.by.messageIds])
      : inArray(inboundEmails.id, [...input.by.ids]);
  if (('messageIds' in input.by ? input.by.messageIds : input.by.ids).length === 0) return 0;
  const rows = await db
    .update(inboundEmails)
    .set({
      raw: null,
      fromAddress: input.pseudonym.email,
      envelopeFrom: sql`case when ${inboundEmails.envelopeFrom} is null or ${inboundEmails.envelopeFrom} = '' then ${inboundEmails.envelopeFrom} else ${input.pseudonym.email} end`,
      subject: pseudonymised(sql`${inboundEmails.subject}`, input.patterns, input.pseudonym.name),
    })
    .where(and(eq(inboundEmails.orgId, input.orgId), which))
    .returning({ id: inboundEmails.id });
  return rows.length;
}

/**
 * Deletes the attachments of the given messages; returns their files' storage keys, which the caller
 * removes once the transaction committed. A fund document made from one stays: it is the fund's record.
 */
export async function deleteMessageAttachments(
  db: DbOrTx,
  input: { orgId: string; messageIds: readonly string[] },
): Promise<string[]> {
  if (input.messageIds.length === 0) return [];
  const rows = await db
    .delete(messageAttachments)
    .where(
      and(
        eq(messageAttachments.orgId, input.orgId),
        inArray(messageAttachments.messageId, [...input.messageIds]),
      ),
    )
    .returning({ storageKey: messageAttachments.storageKey });
  return rows.map((row) => row.storageKey);
}

export async function insertErasureRequest(
  db: DbOrTx,
  values: typeof erasureRequests.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(erasureRequests).values(values).returning({ id: erasureRequests.id });
  if (!row) throw new Error('erasure request insert returned nothing');
  return row.id;
}

export async function findLastErasure(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ at: erasureRequests.createdAt, pseudonym: erasureRequests.pseudonym, byName: profiles.name })
    .from(erasureRequests)
    .leftJoin(profiles, eq(profiles.id, erasureRequests.requestedBy))
    .where(eq(erasureRequests.orgId, orgId))
    .orderBy(desc(erasureRequests.createdAt), desc(erasureRequests.id))
    .limit(1);
  return row ?? null;
}
