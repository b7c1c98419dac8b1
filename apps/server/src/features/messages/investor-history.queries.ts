import { and, desc, eq, inArray, isNotNull, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiResponses, investorMessages, profiles, projects } from '../../db/schema';

/**
 * The thread's investor panel (docs/product.md §2 Message detail). Every query starts from
 * investor_messages_org_email_created_idx: (org_id, lower(investor_email), created_at desc, id desc).
 */

/** The address as the index is built on it: an investor is one person whatever the case they typed. */
const emailKey = sql`lower(${investorMessages.investorEmail})`;

function sameInvestor(input: { orgId: string; email: string }) {
  return and(eq(investorMessages.orgId, input.orgId), sql`${emailKey} = lower(${input.email})`);
}

/**
 * A reply counts as sent once it was approved and handed to the outbox (as earlier-answers.queries.ts
 * reads it); served by ai_responses_sent_idx (message_id, approved_at desc) where both are set.
 */
const isSentReply = and(isNotNull(aiResponses.approvedAt), isNotNull(aiResponses.sentEmailId));

export type InvestorMessageRow = {
  id: string;
  subject: string;
  projectName: string | null;
  status: string;
  createdAt: Date;
};

/** The investor's messages other than `exceptId`, newest first, at most `limit`. */
export async function listInvestorMessages(
  db: DbOrTx,
  input: { orgId: string; email: string; exceptId: string; limit: number },
): Promise<InvestorMessageRow[]> {
  return (
    db
      .select({
        id: investorMessages.id,
        subject: investorMessages.subject,
        projectName: projects.name,
        status: investorMessages.status,
        createdAt: investorMessages.createdAt,
      })
      .from(investorMessages)
      .leftJoin(projects, eq(projects.id, investorMessages.projectId))
      .where(and(sameInvestor(input), ne(investorMessages.id, input.exceptId)))
      // NULLS LAST as the index is built, so the page is read from it without a sort.
      .orderBy(
        sql`${investorMessages.createdAt} desc nulls last`,
        sql`${investorMessages.id} desc nulls last`,
      )
      .limit(input.limit)
  );
}

/** How many messages the investor sent besides `exceptId`, counted up to `cap` + 1 (so 'more than cap' shows). */
export async function countInvestorMessages(
  db: DbOrTx,
  input: { orgId: string; email: string; exceptId: string; cap: number },
): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(investorMessages)
    .where(and(sameInvestor(input), ne(investorMessages.id, input.exceptId)))
    .limit(input.cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

export type LastSentReplyRow = {
  messageId: string;
  versionNumber: number;
  sentAt: Date;
  approvedByName: string | null;
};

/** The reply last sent for each of `messageIds` (a page of the panel). */
export async function findLastSentReplies(
  db: DbOrTx,
  input: { orgId: string; messageIds: readonly string[] },
): Promise<LastSentReplyRow[]> {
  if (input.messageIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([aiResponses.messageId], {
      messageId: aiResponses.messageId,
      versionNumber: aiResponses.versionNumber,
      sentAt: aiResponses.approvedAt,
      approvedByName: profiles.name,
    })
    .from(aiResponses)
    .leftJoin(profiles, eq(profiles.id, aiResponses.approvedBy))
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        inArray(aiResponses.messageId, [...input.messageIds]),
        isSentReply,
      ),
    )
    .orderBy(aiResponses.messageId, desc(aiResponses.approvedAt), desc(aiResponses.versionNumber));
  return rows.flatMap((row) => (row.sentAt ? [{ ...row, sentAt: row.sentAt }] : []));
}

/**
 * When Parley last heard from the investor (any message, the thread's own included) and last wrote to
 * them (a sent reply to any of their messages).
 */
export async function findLastContact(
  db: DbOrTx,
  input: { orgId: string; email: string },
): Promise<{ lastReceived: Date | null; lastReplied: Date | null }> {
  const [received] = await db
    .select({ at: max(investorMessages.createdAt) })
    .from(investorMessages)
    .where(sameInvestor(input));
  const [replied] = await db
    .select({ at: max(aiResponses.approvedAt) })
    .from(investorMessages)
    .innerJoin(aiResponses, eq(aiResponses.messageId, investorMessages.id))
    .where(and(sameInvestor(input), eq(aiResponses.orgId, input.orgId), isSentReply));
  return { lastReceived: received?.at ?? null, lastReplied: replied?.at ?? null };
}
