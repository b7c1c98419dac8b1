import { and, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiResponses, investorMessages, profiles, projects, type StoredCitation } from '../../db/schema';
import type { TimeCursor } from '../../lib/cursor';
import { containsPattern } from '../../lib/like';

/** Whether the organisation has the fund (a light read: the ledger needs no counts). */
export async function fundExists(db: DbOrTx, input: { orgId: string; projectId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.orgId, input.orgId), eq(projects.id, input.projectId)));
  return row !== undefined;
}

export type SentReplyRow = {
  responseId: string;
  messageId: string;
  versionNumber: number;
  approvedAt: Date;
  approvedByName: string | null;
  investorName: string;
  investorEmail: string;
  subject: string;
  citations: StoredCitation[];
  sentOverDisclosureFlag: boolean;
  overrideReason: string | null;
};

/**
 * One page of a fund's replies approved and e-mailed, newest approval first, after the keyset cursor;
 * `limit + 1` rows tell whether more follow. Every sent version is a row: a reply reopened and sent
 * again told the investor twice. The fund's sent replies are read in order from ai_responses_fund_sent_idx
 * (built DESC NULLS LAST, hence the clauses, and partial, hence every condition of its predicate) and
 * each joined to its message by primary key, so a page costs its rows, not the table. A search on the
 * investor's name or e-mail filters along that walk: at most the fund's sent replies, never the
 * organisation's messages (the name's trigram index lets the planner start from the matches instead).
 */
export async function listSentReplies(
  db: DbOrTx,
  input: { orgId: string; projectId: string; q: string | undefined; after: TimeCursor | null; limit: number },
): Promise<SentReplyRow[]> {
  const { after } = input;
  const search: SQL | undefined = input.q
    ? or(
        ilike(investorMessages.investorName, containsPattern(input.q)),
        ilike(investorMessages.investorEmail, containsPattern(input.q)),
      )
    : undefined;
  const rows = await db
    .select({
      responseId: aiResponses.id,
      messageId: aiResponses.messageId,
      versionNumber: aiResponses.versionNumber,
      approvedAt: aiResponses.approvedAt,
      approvedByName: profiles.name,
      investorName: investorMessages.investorName,
      investorEmail: investorMessages.investorEmail,
      subject: investorMessages.subject,
      citations: aiResponses.citations,
      // The check stored with the approval (approving.ts) holds the flags the reply was sent over.
      sentOverDisclosureFlag: sql<boolean>`coalesce(${aiResponses.complianceFlags} @> '[{"rule":"selective_disclosure"}]'::jsonb, false)`,
      overrideReason: aiResponses.overrideReason,
    })
    .from(aiResponses)
    .innerJoin(investorMessages, eq(investorMessages.id, aiResponses.messageId))
    .leftJoin(profiles, eq(profiles.id, aiResponses.approvedBy))
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        eq(aiResponses.projectId, input.projectId),
        isNotNull(aiResponses.approvedAt),
        isNotNull(aiResponses.sentEmailId),
        isNotNull(aiResponses.finalResponse),
        eq(investorMessages.orgId, input.orgId),
        after
          ? sql`(${aiResponses.approvedAt}, ${aiResponses.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
        search,
      ),
    )
    .orderBy(sql`${aiResponses.approvedAt} desc nulls last`, sql`${aiResponses.id} desc nulls last`)
    .limit(input.limit + 1);
  return rows.flatMap((row) =>
    row.approvedAt
      ? [{ ...row, approvedAt: row.approvedAt, sentOverDisclosureFlag: Boolean(row.sentOverDisclosureFlag) }]
      : [],
  );
}
