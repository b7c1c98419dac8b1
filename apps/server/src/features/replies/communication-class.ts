import {
  CLASS_WINDOW_DAYS,
  CORRESPONDENCE_MAX_RECIPIENTS,
  type CommunicationClassView,
  communicationClassOf,
  SAME_TEXT_SIMILARITY,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiResponses, investorMessages } from '../../db/schema';
import type { DisclaimerSettings } from '../compliance/compliance.service';
import { findInvestorType } from '../messages/investor-type-lookup';
import { textBandsOf } from './text-bands';

/**
 * The communication class of a reply (docs/decisions/054-communication-class.md): from the investor's
 * type and the distinct investors who were sent substantially the same text in the last 30 days.
 */

/**
 * Other investors sent a reply whose text is substantially the same (pg_trgm similarity) within the
 * window, counted up to the first that makes the text a retail communication. The month's sent
 * replies are read through ai_responses_org_approved_idx; only those sharing a band hash with the
 * text (features/replies/text-bands.ts), or sent before bands were stored, and of a length that
 * allows the similarity (0.7 needs lengths within about 0.7×) have it computed: the CTE is
 * materialised so that PostgreSQL cannot compute the similarity before those cheap tests.
 */
async function countOtherRecipients(
  db: DbOrTx,
  input: { orgId: string; investorEmail: string; text: string },
): Promise<number> {
  const bands = textBandsOf(input.text);
  if (bands.length === 0) return 0;
  const length = input.text.length;
  // Replies sent before the comparable text was stored are compared whole.
  const sentText = sql`coalesce(${aiResponses.classText}, ${aiResponses.finalResponse})`;
  // Both drivers (node-postgres, PGlite) return the rows as `rows`.
  const result = (await db.execute(sql`
    with candidates as materialized (
      select lower(${investorMessages.investorEmail}) as recipient, ${sentText} as text
      from ${aiResponses}
      join ${investorMessages} on ${investorMessages.id} = ${aiResponses.messageId}
      where ${aiResponses.orgId} = ${input.orgId}
        and ${aiResponses.approvedAt} is not null
        and ${aiResponses.sentEmailId} is not null
        and ${aiResponses.approvedAt} > now() - make_interval(days => ${CLASS_WINDOW_DAYS})
        and (${aiResponses.textBands} && ${`{${bands.join(',')}}`}::integer[] or ${aiResponses.textBands} is null)
        and length(${sentText}) between ${Math.floor(length * SAME_TEXT_SIMILARITY)}
          and ${Math.ceil(length / SAME_TEXT_SIMILARITY)}
        and lower(${investorMessages.investorEmail}) <> ${input.investorEmail.toLowerCase()}
    )
    select count(*)::int as recipients from (
      select distinct recipient from candidates
      where similarity(text, ${input.text}) >= ${SAME_TEXT_SIMILARITY}
      limit ${CORRESPONDENCE_MAX_RECIPIENTS}
    ) as others`)) as unknown as { rows: { recipients: number }[] };
  return Number(result.rows[0]?.recipients ?? 0);
}

/**
 * A reply as replies are compared: without what every reply of the organisation shares — its
 * disclaimer block (`boilerplate`, as the policy has it) — and without the salutation (a first paragraph of
 * at most six words ending in its only comma, 'Dear Anna,'). Left in, the disclaimer alone made unrelated short
 * replies score 0.6 and more.
 */
export function comparableText(text: string, boilerplate: readonly string[]): string {
  let body = text;
  for (const block of boilerplate) {
    const trimmed = block.trim();
    if (trimmed) body = body.split(trimmed).join('\n\n');
  }
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length > 1 && /^[^,\s]+(?: [^,\s]+){0,5},$/.test(paragraphs[0] ?? '')) paragraphs.shift();
  return paragraphs.join('\n\n');
}

/** The organisation's disclaimer block and compliance contact line, as drafts end with them. */
export function replyBoilerplate(settings: DisclaimerSettings): string[] {
  const contact = settings.compliance_contact.trim();
  return [settings.forward_looking_disclaimer, ...(contact ? [`Compliance contact: ${contact}`] : [])];
}

/**
 * The class a reply with this text to this investor would be sent as now; `text` is the reply as
 * replies are compared (comparableText).
 */
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
