import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiResponses, investorMessages, profiles } from '../../db/schema';

/**
 * The candidates for a message's earlier answers (docs/decisions/027-consistency-across-investors.md):
 * the other messages of the same fund and organisation with a reply approved and sent among the fund's
 * newest `recentSent`, matching the question's words or a near-identical subject, the best by
 * full-text rank or subject similarity first, at most `limit`.
 */
export type EarlierAnswerCandidate = {
  messageId: string;
  investorName: string;
  subject: string;
  bodyText: string;
  versionNumber: number;
  reply: string;
  sentAt: Date;
  approvedByName: string | null;
};

export async function listEarlierAnswerCandidates(
  db: DbOrTx,
  input: {
    orgId: string;
    projectId: string;
    /** The message whose question is asked: never its own answer. */
    messageId: string;
    /** The question's words, OR-ed (letters and digits only). */
    words: readonly string[];
    subject: string;
    /** How many of the fund's newest sent replies are searched: the bound on the work. */
    recentSent: number;
    limit: number;
  },
): Promise<EarlierAnswerCandidate[]> {
  const query = sql`websearch_to_tsquery('english', ${input.words.join(' or ')})`;
  // The better of the two signals, so a near-identical subject is kept however many messages share words.
  const rank = sql<number>`greatest(ts_rank(${investorMessages.questionTsv}, ${query}), similarity(${investorMessages.subject}, ${input.subject}))`;
  // Starts from the fund's newest sent replies, read in order from ai_responses_fund_sent_idx, so the
  // cost is that bound whatever the size of the history; ranking every message that shares a common
  // word ('distribution') read hundreds of thousands of rows at a million messages.
  const newest = db
    .select({
      messageId: aiResponses.messageId,
      versionNumber: aiResponses.versionNumber,
      reply: aiResponses.finalResponse,
      sentAt: aiResponses.approvedAt,
      approvedBy: aiResponses.approvedBy,
    })
    .from(aiResponses)
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        eq(aiResponses.projectId, input.projectId),
        isNotNull(aiResponses.approvedAt),
        isNotNull(aiResponses.sentEmailId),
        isNotNull(aiResponses.finalResponse),
      ),
    )
    // DESC NULLS LAST as the index is built, so the newest are read from it without a sort.
    .orderBy(sql`${aiResponses.approvedAt} desc nulls last`, sql`${aiResponses.id} desc nulls last`)
    .limit(input.recentSent)
    .as('newest');
  // The latest of each message: a message with a reply among the newest has its latest there too.
  const sent = db
    .selectDistinctOn([newest.messageId], {
      messageId: newest.messageId,
      versionNumber: newest.versionNumber,
      reply: newest.reply,
      sentAt: newest.sentAt,
      approvedBy: newest.approvedBy,
    })
    .from(newest)
    .orderBy(newest.messageId, desc(newest.sentAt), desc(newest.versionNumber))
    .as('sent');
  const rows = await db
    .select({
      messageId: investorMessages.id,
      investorName: investorMessages.investorName,
      subject: investorMessages.subject,
      bodyText: investorMessages.bodyText,
      versionNumber: sent.versionNumber,
      reply: sent.reply,
      sentAt: sent.sentAt,
      approvedByName: profiles.name,
    })
    .from(sent)
    .innerJoin(investorMessages, eq(investorMessages.id, sent.messageId))
    .leftJoin(profiles, eq(profiles.id, sent.approvedBy))
    .where(
      and(
        eq(investorMessages.orgId, input.orgId),
        eq(investorMessages.projectId, input.projectId),
        ne(investorMessages.id, input.messageId),
        or(
          input.words.length > 0 ? sql`${investorMessages.questionTsv} @@ ${query}` : undefined,
          sql`${investorMessages.subject} % ${input.subject}`,
        ),
      ),
    )
    .orderBy(desc(rank), desc(sent.sentAt), investorMessages.id)
    .limit(input.limit);
  return rows.flatMap((row) =>
    row.reply !== null && row.sentAt !== null ? [{ ...row, reply: row.reply, sentAt: row.sentAt }] : [],
  );
}
