import {
  type CommunicationClass,
  MESSAGE_STATUSES,
  type MessageStatus,
  type SecondOpinionStatus,
} from '@parley/contracts';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  max,
  or,
  sql,
} from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  aiResponses,
  approvalRequests,
  emailOutbox,
  investorMessages,
  profiles,
  projects,
  type StoredCitation,
  userSettings,
} from '../../db/schema';

/**
 * The reply's queries: its message row, its versions (ai_responses), its approval requests and the
 * queue's figures. Every function takes the database or the caller's transaction first.
 */

/** A stored status as the closed list names it (an unknown value reads as open). */
export function messageStatusOf(value: string): MessageStatus {
  return (MESSAGE_STATUSES as readonly string[]).includes(value) ? (value as MessageStatus) : 'open';
}

export type ReplyMessageRow = {
  id: string;
  status: MessageStatus;
  projectId: string | null;
  investorName: string;
  investorEmail: string;
  subject: string;
  bodyText: string;
};

const messageColumns = {
  id: investorMessages.id,
  status: investorMessages.status,
  projectId: investorMessages.projectId,
  investorName: investorMessages.investorName,
  investorEmail: investorMessages.investorEmail,
  subject: investorMessages.subject,
  bodyText: investorMessages.bodyText,
};

/** The message of the caller's organisation a reply answers, or null (another organisation's is 404). */
export async function findReplyMessage(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<ReplyMessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, orgId), eq(investorMessages.id, id)))
    .limit(1);
  return row ? { ...row, status: messageStatusOf(row.status) } : null;
}

/**
 * The message, locked for the rest of the transaction: versions of one message are numbered one at a
 * time (the unique index on message_id, version_number is the backstop), and a submission, decision,
 * check and edit happen one at a time. The one read of the message a reply's write makes: its status
 * is passed on to the state writer from here.
 */
export async function lockReplyMessage(tx: Tx, orgId: string, id: string): Promise<ReplyMessageRow | null> {
  const [row] = await tx
    .select(messageColumns)
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, orgId), eq(investorMessages.id, id)))
    .for('update');
  return row ? { ...row, status: messageStatusOf(row.status) } : null;
}

// Versions

export async function latestVersionNumber(db: DbOrTx, messageId: string): Promise<number> {
  const [row] = await db
    .select({ latest: max(aiResponses.versionNumber) })
    .from(aiResponses)
    .where(eq(aiResponses.messageId, messageId));
  return row?.latest ?? 0;
}

/**
 * What drafts sign with: the user's saved e-mail signature, else their profile name (a reply never
 * ends with a bare 'Kind regards,'); empty only for a user with neither.
 */
export async function findSignature(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ signature: userSettings.emailSignature, name: profiles.name })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.signature?.trim() || row?.name.trim() || '';
}

export async function findUserName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.name ?? null;
}

export async function insertDraftVersion(tx: Tx, values: typeof aiResponses.$inferInsert): Promise<string> {
  const [row] = await tx.insert(aiResponses).values(values).returning({ id: aiResponses.id });
  if (!row) throw new Error('ai_responses insert returned nothing');
  return row.id;
}

const versionColumns = {
  id: aiResponses.id,
  messageId: aiResponses.messageId,
  versionNumber: aiResponses.versionNumber,
  source: aiResponses.source,
  aiDraft: aiResponses.aiDraft,
  citations: aiResponses.citations,
  provenance: aiResponses.provenance,
  createdBy: aiResponses.createdBy,
  createdByName: profiles.name,
  createdAt: aiResponses.createdAt,
  complianceFlags: aiResponses.complianceFlags,
  requiresApproval: aiResponses.requiresApproval,
  complianceCheckedAt: aiResponses.complianceCheckedAt,
  complianceSecondOpinion: aiResponses.complianceSecondOpinion,
};

export type DraftVersionRow = {
  id: string;
  messageId: string;
  versionNumber: number;
  source: 'generated' | 'edited';
  aiDraft: string;
  citations: StoredCitation[];
  provenance: Record<string, unknown>;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  /** The version's last compliance check, null until checked. */
  complianceFlags: Record<string, unknown>[] | null;
  requiresApproval: boolean | null;
  complianceCheckedAt: Date | null;
  complianceSecondOpinion: SecondOpinionStatus | null;
};

/** docs/product.md §7: ai_responses by message_id, version_number descending; one version, or the latest. */
export async function findDraftVersion(
  db: DbOrTx,
  input: { orgId: string; messageId: string; version?: number },
): Promise<DraftVersionRow | null> {
  const [row] = await db
    .select(versionColumns)
    .from(aiResponses)
    .leftJoin(profiles, eq(profiles.id, aiResponses.createdBy))
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        eq(aiResponses.messageId, input.messageId),
        input.version === undefined ? undefined : eq(aiResponses.versionNumber, input.version),
      ),
    )
    .orderBy(desc(aiResponses.versionNumber))
    .limit(1);
  return row ?? null;
}

/** The version viewer's list, newest first (a message has a handful of versions; capped anyway). */
export async function listDraftVersions(db: DbOrTx, input: { orgId: string; messageId: string }) {
  return db
    .select({
      versionNumber: aiResponses.versionNumber,
      source: aiResponses.source,
      createdByName: profiles.name,
      createdAt: aiResponses.createdAt,
    })
    .from(aiResponses)
    .leftJoin(profiles, eq(profiles.id, aiResponses.createdBy))
    .where(and(eq(aiResponses.orgId, input.orgId), eq(aiResponses.messageId, input.messageId)))
    .orderBy(desc(aiResponses.versionNumber))
    .limit(100);
}

/**
 * Who wrote the message's versions, the latest writer first, with their saved e-mail signatures: the
 * people a reply may be signed by (docs/decisions/026-claim-check.md). A message has few writers.
 */
export async function listVersionAuthors(
  db: DbOrTx,
  input: { orgId: string; messageId: string },
): Promise<{ name: string; signature: string | null }[]> {
  const last = max(aiResponses.versionNumber);
  return db
    .select({ name: profiles.name, signature: userSettings.emailSignature })
    .from(aiResponses)
    .innerJoin(profiles, eq(profiles.id, aiResponses.createdBy))
    .leftJoin(userSettings, eq(userSettings.userId, aiResponses.createdBy))
    .where(and(eq(aiResponses.orgId, input.orgId), eq(aiResponses.messageId, input.messageId)))
    .groupBy(aiResponses.createdBy, profiles.name, userSettings.emailSignature)
    .orderBy(desc(last))
    .limit(20);
}

/** Writes a version's compliance check (the only change to a stored version besides its approval). */
export async function updateVersionCheck(
  tx: Tx,
  input: {
    orgId: string;
    draftId: string;
    flags: Record<string, unknown>[];
    requiresApproval: boolean;
    checkedAt: Date;
    complianceTag: string;
    /** Absent: the check was made without a second opinion. */
    secondOpinion?: SecondOpinionStatus | undefined;
  },
): Promise<boolean> {
  const rows = await tx
    .update(aiResponses)
    .set({
      complianceFlags: input.flags,
      requiresApproval: input.requiresApproval,
      complianceCheckedAt: input.checkedAt,
      complianceTag: input.complianceTag,
      complianceSecondOpinion: input.secondOpinion ?? null,
    })
    .where(and(eq(aiResponses.orgId, input.orgId), eq(aiResponses.id, input.draftId)))
    .returning({ id: aiResponses.id });
  return rows.length > 0;
}

/**
 * Whether the message's most recently checked version needs a director (docs/product.md §4): what an open or
 * flagged message settles to.
 */
export async function lastCheckRequiresApproval(db: DbOrTx, messageId: string): Promise<boolean> {
  const [checked] = await db
    .select({ requiresApproval: aiResponses.requiresApproval })
    .from(aiResponses)
    .where(and(eq(aiResponses.messageId, messageId), isNotNull(aiResponses.complianceCheckedAt)))
    .orderBy(desc(aiResponses.complianceCheckedAt), desc(aiResponses.versionNumber))
    .limit(1);
  return checked?.requiresApproval === true;
}

// Approval requests

export type StoredFlag = { term: string; severity: string } & Record<string, unknown>;

/** Of the messages named, those whose reply the user wrote a version of or submitted (see isReplyAuthor). */
export async function listAuthoredReplies(
  db: DbOrTx,
  messageIds: readonly string[],
  userId: string,
): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const ids = [...messageIds];
  const wrote = await db
    .selectDistinct({ messageId: aiResponses.messageId })
    .from(aiResponses)
    .where(and(inArray(aiResponses.messageId, ids), eq(aiResponses.createdBy, userId)));
  const submitted = await db
    .selectDistinct({ messageId: approvalRequests.messageId })
    .from(approvalRequests)
    .where(and(inArray(approvalRequests.messageId, ids), eq(approvalRequests.submittedBy, userId)));
  return new Set([...wrote, ...submitted].map((row) => row.messageId));
}

/**
 * Whether the user saved a version of the message's reply or submitted one for approval: four-eyes
 * keeps them from finalising it (docs/decisions/052-four-eyes.md). Both lookups start from the message
 * (ai_responses_message_version_key, approval_requests_message_idx); a reply has few versions.
 */
export async function isReplyAuthor(db: DbOrTx, messageId: string, userId: string): Promise<boolean> {
  return (await listAuthoredReplies(db, [messageId], userId)).has(messageId);
}

/**
 * Writes the approval onto the version (docs/product.md §7 ai_responses update: final_response, approved_by,
 * compliance_tag).
 */
export async function recordApproval(
  tx: Tx,
  responseId: string,
  values: Pick<
    typeof aiResponses.$inferInsert,
    | 'finalResponse'
    | 'approvedBy'
    | 'approvedAt'
    | 'approvedTextSha256'
    | 'complianceTag'
    | 'approvalRating'
    | 'sentEmailId'
    | 'complianceFlags'
    | 'requiresApproval'
    | 'complianceCheckedAt'
    | 'overrideReason'
    | 'overrideFlags'
    | 'communicationClass'
    | 'classRecipients'
    | 'textSignature'
    | 'classText'
  >,
) {
  await tx.update(aiResponses).set(values).where(eq(aiResponses.id, responseId));
}

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;

export async function findPendingRequest(db: DbOrTx, messageId: string): Promise<ApprovalRequestRow | null> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.messageId, messageId), eq(approvalRequests.status, 'pending')))
    .limit(1);
  return row ?? null;
}

export async function insertApprovalRequest(
  tx: Tx,
  values: typeof approvalRequests.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(approvalRequests).values(values).returning({ id: approvalRequests.id });
  if (!row) throw new Error('approval_requests insert returned nothing');
  return row.id;
}

/** The queue rank of the version's pending submission, if it has one (its stored check changed). */
export async function setPendingFlagRank(tx: Tx, responseId: string, flagRank: number) {
  await tx
    .update(approvalRequests)
    .set({ flagRank })
    .where(and(eq(approvalRequests.responseId, responseId), eq(approvalRequests.status, 'pending')));
}

/** Decides a pending request; false when it was no longer pending. */
export async function decideRequest(
  tx: Tx,
  id: string,
  values: {
    status: 'approved' | 'changes_requested' | 'voided';
    decidedBy: string | null;
    decidedAt: Date;
    comment?: string | null;
    rating?: number | null;
  },
): Promise<boolean> {
  const rows = await tx
    .update(approvalRequests)
    .set(values)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending')))
    .returning({ id: approvalRequests.id });
  return rows.length > 0;
}

/** The pending submission with its submitter's name. */
export async function findPendingWithNames(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({
      id: approvalRequests.id,
      versionNumber: approvalRequests.versionNumber,
      submittedBy: approvalRequests.submittedBy,
      submittedByName: profiles.name,
      submittedAt: approvalRequests.submittedAt,
    })
    .from(approvalRequests)
    .leftJoin(profiles, eq(profiles.id, approvalRequests.submittedBy))
    .where(and(eq(approvalRequests.messageId, messageId), eq(approvalRequests.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/** The most recent decision on a submission of the message. */
export async function findLastDecision(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({
      status: approvalRequests.status,
      versionNumber: approvalRequests.versionNumber,
      comment: approvalRequests.comment,
      decidedByName: profiles.name,
      decidedAt: approvalRequests.decidedAt,
    })
    .from(approvalRequests)
    .leftJoin(profiles, eq(profiles.id, approvalRequests.decidedBy))
    .where(
      and(
        eq(approvalRequests.messageId, messageId),
        inArray(approvalRequests.status, ['approved', 'changes_requested', 'voided']),
      ),
    )
    .orderBy(desc(approvalRequests.decidedAt), desc(approvalRequests.submittedAt))
    .limit(1);
  return row ?? null;
}

/** The latest approved version of the message with its reply e-mail's delivery state. */
export async function findSentReply(db: DbOrTx, orgId: string, messageId: string) {
  const [row] = await db
    .select({
      versionNumber: aiResponses.versionNumber,
      approvedAt: aiResponses.approvedAt,
      approvedByName: profiles.name,
      rating: aiResponses.approvalRating,
      to: emailOutbox.toEmail,
      delivery: emailOutbox.status,
      deliveredAt: emailOutbox.sentAt,
      communicationClass: aiResponses.communicationClass,
    })
    .from(aiResponses)
    .innerJoin(emailOutbox, eq(emailOutbox.id, aiResponses.sentEmailId))
    .leftJoin(profiles, eq(profiles.id, aiResponses.approvedBy))
    .where(
      and(
        eq(aiResponses.orgId, orgId),
        eq(aiResponses.messageId, messageId),
        isNotNull(aiResponses.approvedAt),
      ),
    )
    .orderBy(desc(aiResponses.approvedAt))
    .limit(1);
  return row ?? null;
}

export type QueueRow = {
  requestId: string;
  messageId: string;
  versionNumber: number;
  textSha256: string;
  submittedAt: Date;
  submittedByName: string | null;
  investorName: string;
  subject: string;
  sentimentScore: number | null;
  projectName: string | null;
  flagRank: number;
  communicationClass: CommunicationClass | null;
  text: string;
  complianceFlags: unknown;
};

/**
 * The pending submissions of the organisation, flagged first (flag_rank, highest first), then in
 * submission order (oldest first for `age`), after the keyset cursor. Served by the partial indexes
 * approval_requests_queue_age_idx (forward) and approval_requests_queue_newest_idx (backward): the
 * NULLS clauses match how each was built, else PostgreSQL sorts instead.
 */
export async function listPendingRequests(
  db: DbOrTx,
  input: {
    orgId: string;
    sort: 'age' | 'newest';
    limit: number;
    after?: { rank: number; at: Date; id: string };
  },
): Promise<QueueRow[]> {
  const { after } = input;
  const isOldestFirst = input.sort === 'age';
  const beyond = isOldestFirst ? gt : lt;
  return db
    .select({
      requestId: approvalRequests.id,
      messageId: approvalRequests.messageId,
      versionNumber: approvalRequests.versionNumber,
      textSha256: approvalRequests.textSha256,
      submittedAt: approvalRequests.submittedAt,
      submittedByName: profiles.name,
      investorName: investorMessages.investorName,
      subject: investorMessages.subject,
      sentimentScore: investorMessages.sentimentScore,
      projectName: projects.name,
      flagRank: approvalRequests.flagRank,
      communicationClass: approvalRequests.communicationClass,
      text: aiResponses.aiDraft,
      complianceFlags: aiResponses.complianceFlags,
    })
    .from(approvalRequests)
    .innerJoin(investorMessages, eq(investorMessages.id, approvalRequests.messageId))
    .innerJoin(aiResponses, eq(aiResponses.id, approvalRequests.responseId))
    .leftJoin(projects, eq(projects.id, investorMessages.projectId))
    .leftJoin(profiles, eq(profiles.id, approvalRequests.submittedBy))
    .where(
      and(
        eq(approvalRequests.orgId, input.orgId),
        eq(approvalRequests.status, 'pending'),
        after
          ? or(
              lt(approvalRequests.flagRank, after.rank),
              and(
                eq(approvalRequests.flagRank, after.rank),
                or(
                  beyond(approvalRequests.submittedAt, after.at),
                  and(eq(approvalRequests.submittedAt, after.at), beyond(approvalRequests.id, after.id)),
                ),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...(isOldestFirst
        ? [
            sql`${approvalRequests.flagRank} desc nulls last`,
            asc(approvalRequests.submittedAt),
            asc(approvalRequests.id),
          ]
        : [desc(approvalRequests.flagRank), desc(approvalRequests.submittedAt), desc(approvalRequests.id)]),
    )
    .limit(input.limit);
}

export type OverrideRow = {
  responseId: string;
  messageId: string;
  investorName: string;
  subject: string;
  versionNumber: number;
  approvedBy: string | null;
  approvedByName: string | null;
  approvedAt: Date;
  overrideReason: string;
  overrideFlags: unknown;
};

/**
 * Versions approved over unresolved high-severity flags, newest approval first, after the keyset
 * cursor; served by ai_responses_org_overrides_idx (built DESC NULLS LAST, hence the clauses).
 */
export async function listOverrides(
  db: DbOrTx,
  input: { orgId: string; limit: number; after?: { at: Date; id: string } },
): Promise<OverrideRow[]> {
  const { after } = input;
  const rows = await db
    .select({
      responseId: aiResponses.id,
      messageId: aiResponses.messageId,
      investorName: investorMessages.investorName,
      subject: investorMessages.subject,
      versionNumber: aiResponses.versionNumber,
      approvedBy: aiResponses.approvedBy,
      approvedByName: profiles.name,
      approvedAt: aiResponses.approvedAt,
      overrideReason: aiResponses.overrideReason,
      overrideFlags: aiResponses.overrideFlags,
    })
    .from(aiResponses)
    .innerJoin(investorMessages, eq(investorMessages.id, aiResponses.messageId))
    .leftJoin(profiles, eq(profiles.id, aiResponses.approvedBy))
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        isNotNull(aiResponses.overrideReason),
        isNotNull(aiResponses.approvedAt),
        after
          ? sql`(${aiResponses.approvedAt}, ${aiResponses.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${aiResponses.approvedAt} desc nulls last`, sql`${aiResponses.id} desc nulls last`)
    .limit(input.limit);
  return rows.flatMap((row) =>
    row.approvedAt && row.overrideReason !== null
      ? [{ ...row, approvedAt: row.approvedAt, overrideReason: row.overrideReason }]
      : [],
  );
}

export async function countPending(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.status, 'pending')));
  return row?.n ?? 0;
}

/** Mean seconds from submission to decision (approved or changes requested) decided since `since`. */
export async function averageResponseSeconds(db: DbOrTx, orgId: string, since: Date): Promise<number | null> {
  const [row] = await db
    .select({
      seconds: sql<
        string | null
      >`avg(extract(epoch from (${approvalRequests.decidedAt} - ${approvalRequests.submittedAt})))`,
    })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.orgId, orgId),
        inArray(approvalRequests.status, ['approved', 'changes_requested']),
        gte(approvalRequests.decidedAt, since),
      ),
    );
  return row?.seconds == null ? null : Number(row.seconds);
}

/** Distinct messages with a version whose check needed a director, checked in [from, to). */
export async function countFlaggedMessages(db: DbOrTx, orgId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(aiResponses.messageId) })
    .from(aiResponses)
    .where(
      and(
        eq(aiResponses.orgId, orgId),
        gte(aiResponses.complianceCheckedAt, from),
        lt(aiResponses.complianceCheckedAt, to),
        eq(aiResponses.requiresApproval, true),
      ),
    );
  return row?.n ?? 0;
}
