import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  aiResponses,
  emailOutbox,
  inboundEmails,
  investorMessages,
  organizations,
  projects,
} from '../../db/schema';

/**
 * What a reply's threading headers are made of (docs/decisions/058-inbound-email.md): the
 * organisation's inbound address part, the message's fund, its thread, and the Message-ID of the
 * e-mail it came as (inbound_emails_message_idx), if it came by e-mail.
 */
export async function findReplyAddressing(db: DbOrTx, input: { orgId: string; messageId: string }) {
  const [row] = await db
    .select({
      inboundSlug: organizations.inboundSlug,
      projectName: projects.name,
      threadId: investorMessages.threadId,
    })
    .from(investorMessages)
    .innerJoin(organizations, eq(organizations.id, investorMessages.orgId))
    .leftJoin(projects, eq(projects.id, investorMessages.projectId))
    .where(and(eq(investorMessages.orgId, input.orgId), eq(investorMessages.id, input.messageId)));
  if (!row) return null;
  const [received] = await db
    .select({ rfcMessageId: inboundEmails.rfcMessageId })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.messageId, input.messageId), eq(inboundEmails.orgId, input.orgId)))
    .orderBy(asc(inboundEmails.receivedAt))
    .limit(1);
  return { ...row, rfcMessageId: received?.rfcMessageId ?? null };
}

/**
 * The Message-IDs of the thread's newest `limit` messages — the mail each came as, and the replies
 * Parley sent to them — oldest first: the References chain, bounded however long the thread
 * (investor_messages_thread_idx, then inbound_emails_message_idx and ai_responses_sent_idx by id).
 */
export async function listThreadMailIds(
  db: DbOrTx,
  input: { orgId: string; threadId: string; limit: number },
): Promise<{ id: string; at: Date }[]> {
  const messages = await db
    .select({ id: investorMessages.id })
    .from(investorMessages)
    .where(and(eq(investorMessages.threadId, input.threadId), eq(investorMessages.orgId, input.orgId)))
    .orderBy(desc(investorMessages.createdAt), desc(investorMessages.id))
    .limit(input.limit);
  const ids = messages.map((m) => m.id);
  if (ids.length === 0) return [];
  const [received, sent] = await Promise.all([
    db
      .select({ id: inboundEmails.rfcMessageId, at: inboundEmails.receivedAt })
      .from(inboundEmails)
      .where(and(inArray(inboundEmails.messageId, ids), eq(inboundEmails.orgId, input.orgId))),
    db
      .select({ id: emailOutbox.messageId, at: emailOutbox.createdAt })
      .from(aiResponses)
      .innerJoin(emailOutbox, eq(emailOutbox.id, aiResponses.sentEmailId))
      .where(
        and(
          inArray(aiResponses.messageId, ids),
          eq(aiResponses.orgId, input.orgId),
          isNotNull(aiResponses.approvedAt),
          isNotNull(emailOutbox.messageId),
        ),
      ),
  ]);
  return [...received, ...sent]
    .flatMap((row) => (row.id ? [{ id: row.id, at: row.at }] : []))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
