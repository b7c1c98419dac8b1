import type { Db } from '../../db/client';
import type { DraftPassage, FundTerms } from '../drafts/drafter';
import { expandedWords } from '../drafts/question-parts';
import { docPathOf } from '../projects/passage-lookup';
import { passageFrequencies, searchPassages } from '../projects/passage-search';

/**
 * How many passages a draft is given: the built-in drafter picks the sentences that answer among
 * them, and a remote model reads them all.
 */
export const DRAFT_PASSAGE_LIMIT = 8;

/**
 * The retrieval query: the subject and body's content words and the words fund documents use for
 * them, OR-ed for websearch_to_tsquery.
 */
export function retrievalQuery(subject: string, body: string): string {
  return expandedWords(`${subject} ${body}`)
    .filter((word) => /^[a-z0-9]+$/.test(word))
    .slice(0, 60)
    .join(' or ');
}

export { docPathOf } from '../projects/passage-lookup';

/**
 * The fund passages a draft of the message is given (none when the message has no fund), and how
 * rare each of the message's words is among the fund's passages.
 */
export async function retrievePassages(
  db: Db,
  orgId: string,
  message: { projectId: string | null; subject: string; bodyText: string },
): Promise<{ passages: DraftPassage[]; fundTerms?: FundTerms }> {
  if (!message.projectId) return { passages: [] };
  const query = retrievalQuery(message.subject, message.bodyText);
  if (!query) return { passages: [] };
  const scope = { orgId, projectId: message.projectId };
  const words = expandedWords(`${message.subject} ${message.bodyText}`).slice(0, 80);
  const [hits, fundTerms] = await Promise.all([
    searchPassages(db, { ...scope, query, limit: DRAFT_PASSAGE_LIMIT }),
    passageFrequencies(db, { ...scope, words }),
  ]);
  const top = Math.max(0, ...hits.map((h) => h.rank));
  const passages = hits.map(
    (hit): DraftPassage => ({
      id: hit.passageId,
      docPath: docPathOf(hit.fileName, hit.page),
      text: hit.text,
      relevance: top > 0 ? Math.round((hit.rank / top) * 100) / 100 : 0,
    }),
  );
  return { passages, fundTerms };
}
