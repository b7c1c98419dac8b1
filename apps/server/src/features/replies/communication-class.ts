import {
  CORRESPONDENCE_MAX_RECIPIENTS,
  type CommunicationClassView,
  communicationClassOf,
} from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import type { DisclaimerSettings } from '../compliance/compliance.service';
import { findInvestorType } from '../messages/investor-type-lookup';
import { findSameTextCandidates, findSameTextRecipients } from './same-text.queries';
import { estimatedSimilarity, storedSignatureOf } from './text-signature';

/**
 * The communication class of a reply (docs/decisions/054-communication-class.md): from the investor's
 * type and the distinct investors who were sent substantially the same text in the last 30 days.
 */

/**
 * Below this estimate a sent reply is not compared exactly: 4.8 standard deviations of the estimate
 * under SAME_TEXT_SIMILARITY, so a text that is substantially the same is all but never skipped.
 */
const ESTIMATE_FLOOR = 0.5;

/**
 * Other investors sent a reply whose text is substantially the same (pg_trgm similarity) within the
 * window, counted up to the first that makes the text a retail communication. The window's sent
 * replies are read with their signatures only (text-signature.ts); the exact similarity is computed
 * likeliest first, a few at a time, and only where the signatures estimate it at ESTIMATE_FLOOR or
 * more (docs/benchmarks.md).
 */
async function countOtherRecipients(
  db: DbOrTx,
  input: { orgId: string; investorEmail: string; text: string },
): Promise<number> {
  const signature = storedSignatureOf(input.text);
  if (signature === '') return 0;
  const candidates = await findSameTextCandidates(db, input.orgId);
  const likely = candidates
    .map((candidate) => ({
      id: candidate.id,
      // A reply sent before signatures were stored is compared exactly whatever it shares.
      estimate: candidate.signature === null ? 1 : estimatedSimilarity(candidate.signature, signature),
    }))
    .filter((candidate) => candidate.estimate >= ESTIMATE_FLOOR)
    .sort((a, b) => b.estimate - a.estimate);
  const recipients = new Set<string>();
  let next = 0;
  while (recipients.size < CORRESPONDENCE_MAX_RECIPIENTS && next < likely.length) {
    // Twice as many as are still wanted: some are the same investor, a few not the same text.
    const size = 2 * (CORRESPONDENCE_MAX_RECIPIENTS - recipients.size);
    const batch = likely.slice(next, next + size).map((candidate) => candidate.id);
    next += size;
    const found = await findSameTextRecipients(db, {
      responseIds: batch,
      investorEmail: input.investorEmail,
      text: input.text,
    });
    for (const recipient of found) recipients.add(recipient);
  }
  return Math.min(recipients.size, CORRESPONDENCE_MAX_RECIPIENTS);
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

/** What the approval stores of a sent reply's text for later replies to be compared with it. */
export function comparedTextColumns(classText: string) {
  return { classText, textSignature: storedSignatureOf(classText) };
}

/** The class a draft would be sent as now, compared without the organisation's boilerplate. */
export function classifyDraft(
  db: DbOrTx,
  settings: DisclaimerSettings,
  input: { orgId: string; investorEmail: string; draft: string },
): Promise<CommunicationClassView> {
  return classifyReply(db, {
    orgId: input.orgId,
    investorEmail: input.investorEmail,
    text: comparableText(input.draft, replyBoilerplate(settings)),
  });
}
