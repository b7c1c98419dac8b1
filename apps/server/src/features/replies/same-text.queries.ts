import { CLASS_WINDOW_DAYS, SAME_TEXT_SIMILARITY } from '@parley/contracts';
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiResponses, investorMessages } from '../../db/schema';

/**
 * The sent replies a new one is compared with for its communication class
 * (docs/decisions/054-communication-class.md).
 */

const recipient = sql<string>`lower(${investorMessages.investorEmail})`;
// Replies sent before the comparable text was stored are compared whole.
const sentText = sql<string>`coalesce(${aiResponses.classText}, ${aiResponses.finalResponse})`;

/**
 * The window's sent replies, read through ai_responses_org_approved_idx without their texts or
 * recipients: their signatures are enough to rank them.
 */
export async function findSameTextCandidates(
  db: DbOrTx,
  orgId: string,
): Promise<{ id: string; signature: string | null }[]> {
  return db
    .select({ id: aiResponses.id, signature: aiResponses.textSignature })
    .from(aiResponses)
    .where(
      and(
        eq(aiResponses.orgId, orgId),
        isNotNull(aiResponses.approvedAt),
        isNotNull(aiResponses.sentEmailId),
        gt(aiResponses.approvedAt, sql`now() - make_interval(days => ${CLASS_WINDOW_DAYS})`),
      ),
    );
}

/**
 * The distinct recipients other than `investorEmail` of those of `responseIds` whose text is
 * substantially the same as `text`.
 */
export async function findSameTextRecipients(
  db: DbOrTx,
  input: { responseIds: readonly string[]; investorEmail: string; text: string },
): Promise<string[]> {
  if (input.responseIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ recipient })
    .from(aiResponses)
    .innerJoin(investorMessages, eq(investorMessages.id, aiResponses.messageId))
    .where(
      and(
        inArray(aiResponses.id, [...input.responseIds]),
        sql`${recipient} <> ${input.investorEmail.toLowerCase()}`,
        sql`similarity(${sentText}, ${input.text}) >= ${SAME_TEXT_SIMILARITY}`,
      ),
    );
  return rows.map((row) => row.recipient);
}
