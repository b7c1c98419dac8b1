import {
  CLASS_WINDOW_DAYS,
  CORRESPONDENCE_MAX_RECIPIENTS,
  type CommunicationClassView,
  communicationClassOf,
  SAME_TEXT_SIMILARITY,
} from '@parley/contracts';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiResponses, investorMessages } from '../../db/schema';
import { findInvestorType } from '../messages/investor-type-lookup';

/**
 * The communication class of a reply (docs/decisions/054-communication-class.md): from the investor's
 * type and the distinct investors who were sent substantially the same text in the last 30 days.
 */

/**
 * Other investors sent a reply whose text is substantially the same (trigram similarity) within the
 * window, counted up to the first that makes the text a retail communication. The window's sent
 * replies come from ai_responses_org_approved_idx; texts whose lengths differ too much to reach the
 * similarity are skipped before it is computed (a 0.7 similarity needs lengths within about 0.7×).
 */
async function countOtherRecipients(
  db: DbOrTx,
  input: { orgId: string; investorEmail: string; text: string },
): Promise<number> {
  const length = input.text.length;
  const recipient = sql<string>`lower(${investorMessages.investorEmail})`;
  const others = db
    .selectDistinct({ recipient })
    .from(aiResponses)
    .innerJoin(investorMessages, eq(investorMessages.id, aiResponses.messageId))
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        isNotNull(aiResponses.approvedAt),
        isNotNull(aiResponses.sentEmailId),
        sql`${aiResponses.approvedAt} > now() - make_interval(days => ${CLASS_WINDOW_DAYS})`,
        sql`length(${aiResponses.finalResponse}) between ${Math.floor(length * SAME_TEXT_SIMILARITY)} and ${Math.ceil(length / SAME_TEXT_SIMILARITY)}`,
        sql`${recipient} <> ${input.investorEmail.toLowerCase()}`,
        sql`similarity(${aiResponses.finalResponse}, ${input.text}) >= ${SAME_TEXT_SIMILARITY}`,
      ),
    )
    .limit(CORRESPONDENCE_MAX_RECIPIENTS)
    .as('others');
  const [row] = await db.select({ recipients: count() }).from(others);
  return row?.recipients ?? 0;
}

/** The class a reply with this text to this investor would be sent as now. */
export async function classifyReply(
  db: DbOrTx,
  input: { orgId: string; investorEmail: string; text: string },
): Promise<CommunicationClassView> {
  // One after the other: callers pass their transaction, whose one connection takes a query at a time.
  const investor = await findInvestorType(db, input.orgId, input.investorEmail);
  const recipients = (await countOtherRecipients(db, input)) + 1;
  return {
    class: communicationClassOf(investor.type, recipients),
    investor_type: investor.type,
    investor_type_set: investor.isSet,
    recipients,
  };
}
