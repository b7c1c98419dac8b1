import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { aiResponses, investorMessages, messageAttachments, profiles } from '../../db/schema';

/**
 * A thread as GET /api/messages/:id/thread shows it (docs/decisions/058-inbound-email.md): a constant
 * number of statements whatever its length — the thread's messages from investor_messages_thread_idx
 * (thread_id, created_at, id), then the replies sent and the attachments of those messages by id.
 */

/** The thread of a message of the organisation, or null (another organisation's message, or none). */
export async function findThreadOf(db: DbOrTx, input: { orgId: string; messageId: string }) {
  const [row] = await db
    .select({ threadId: investorMessages.threadId })
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, input.orgId), eq(investorMessages.id, input.messageId)));
  return row?.threadId ?? null;
}

export type ThreadMessageRow = {
  id: string;
  investorName: string;
  investorEmail: string;
  subject: string;
  bodyText: string;
  createdAt: Date;
  source: 'compose' | 'email';
  senderUnknown: boolean;
  status: string;
  threadLatest: boolean;
};

/**
 * The thread's newest `limit` messages, newest first: the index read backwards, stopped after `limit`
 * rows however long the thread is. The organisation is checked too, though a thread never spans two.
 */
export async function listThreadMessages(
  db: DbOrTx,
  input: { orgId: string; threadId: string; limit: number },
): Promise<ThreadMessageRow[]> {
  return db
    .select({
      id: investorMessages.id,
      investorName: investorMessages.investorName,
      investorEmail: investorMessages.investorEmail,
      subject: investorMessages.subject,
      bodyText: investorMessages.bodyText,
      createdAt: investorMessages.createdAt,
      source: investorMessages.source,
      senderUnknown: investorMessages.senderUnknown,
      status: investorMessages.status,
      threadLatest: investorMessages.threadLatest,
    })
    .from(investorMessages)
    .where(and(eq(investorMessages.threadId, input.threadId), eq(investorMessages.orgId, input.orgId)))
    .orderBy(desc(investorMessages.createdAt), desc(investorMessages.id))
    .limit(input.limit);
}

/** How many messages the thread has: asked only when it has more than a page shows. */
export async function countThreadMessages(db: DbOrTx, input: { orgId: string; threadId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(investorMessages)
    .where(and(eq(investorMessages.threadId, input.threadId), eq(investorMessages.orgId, input.orgId)));
  return row?.n ?? 0;
}

export type ThreadReplyRow = {
  id: string;
  messageId: string;
  finalResponse: string | null;
  aiDraft: string;
  approvedAt: Date;
  approvedByName: string | null;
};

/**
 * The replies approved and sent to the given messages (ai_responses_sent_idx: message_id, approved_at
 * where both are set), with the approver's name.
 */
export async function listSentReplies(
  db: DbOrTx,
  input: { orgId: string; messageIds: readonly string[] },
): Promise<ThreadReplyRow[]> {
  if (input.messageIds.length === 0) return [];
  const rows = await db
    .select({
      id: aiResponses.id,
      messageId: aiResponses.messageId,
      finalResponse: aiResponses.finalResponse,
      aiDraft: aiResponses.aiDraft,
      approvedAt: aiResponses.approvedAt,
      approvedByName: profiles.name,
    })
    .from(aiResponses)
    .leftJoin(profiles, eq(profiles.id, aiResponses.approvedBy))
    .where(
      and(
        inArray(aiResponses.messageId, [...input.messageIds]),
        eq(aiResponses.orgId, input.orgId),
        isNotNull(aiResponses.approvedAt),
        isNotNull(aiResponses.sentEmailId),
      ),
    )
    .orderBy(asc(aiResponses.approvedAt), asc(aiResponses.id));
  return rows.flatMap((row) => (row.approvedAt ? [{ ...row, approvedAt: row.approvedAt }] : []));
}

export type AttachmentRow = {
  id: string;
  messageId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  documentId: string | null;
};

/** The attachments of the given messages, in the order they came (message_attachments_message_idx). */
export async function listMessageAttachments(
  db: DbOrTx,
  input: { orgId: string; messageIds: readonly string[] },
): Promise<AttachmentRow[]> {
  if (input.messageIds.length === 0) return [];
  return db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      sizeBytes: messageAttachments.sizeBytes,
      documentId: messageAttachments.documentId,
    })
    .from(messageAttachments)
    .where(
      and(
        inArray(messageAttachments.messageId, [...input.messageIds]),
        eq(messageAttachments.orgId, input.orgId),
      ),
    )
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

/**
 * The thread of a message, locked with its messages for a change of fund (in id order, as triage
 * locks, so two changes queue rather than deadlock); null for another organisation's message.
 */
export async function lockThreadOf(tx: Tx, input: { orgId: string; messageId: string }) {
  const threadId = await findThreadOf(tx, input);
  if (!threadId) return null;
  const messages = await tx
    .select({ id: investorMessages.id, projectId: investorMessages.projectId })
    .from(investorMessages)
    .where(and(eq(investorMessages.threadId, threadId), eq(investorMessages.orgId, input.orgId)))
    .orderBy(asc(investorMessages.id))
    .for('update');
  return { threadId, messages };
}

/**
 * Moves the thread's messages that are not already there to `projectId`, and their versions not yet
 * approved, whose fund a later approval records (ai_responses.project_id); approved replies keep the
 * fund they were sent under. Returns the messages moved.
 */
export async function moveThreadToFund(
  tx: Tx,
  input: { orgId: string; threadId: string; projectId: string; now: Date },
): Promise<string[]> {
  const moved = await tx
    .update(investorMessages)
    .set({ projectId: input.projectId, updatedAt: input.now })
    .where(
      and(
        eq(investorMessages.orgId, input.orgId),
        eq(investorMessages.threadId, input.threadId),
        // A message without a fund moves too.
        sql`${investorMessages.projectId} is distinct from ${input.projectId}::uuid`,
      ),
    )
    .returning({ id: investorMessages.id });
  const ids = moved.map((row) => row.id);
  if (ids.length > 0) {
    await tx
      .update(aiResponses)
      .set({ projectId: input.projectId })
      .where(
        and(
          eq(aiResponses.orgId, input.orgId),
          inArray(aiResponses.messageId, ids),
          isNull(aiResponses.approvedAt),
        ),
      );
  }
  return ids;
}
