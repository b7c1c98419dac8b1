import type { Db } from '../../db/client';
import type { DraftPassage } from '../drafts/drafter';
import { STOP_WORDS } from '../drafts/stop-words';
import { searchPassages } from '../projects/passage-search';

/** How many passages a draft is given. */
export const DRAFT_PASSAGE_LIMIT = 5;

/** The retrieval query: the subject and body's content words, OR-ed for websearch_to_tsquery. */
export function retrievalQuery(subject: string, body: string): string {
  const words = `${subject} ${body}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const kept: string[] = [];
  for (const word of words) {
    if (word.length < 2 || STOP_WORDS.has(word) || kept.includes(word)) continue;
    kept.push(word);
    if (kept.length >= 40) break;
  }
  return kept.join(' or ');
}

/** doc_path names the document and page: `<file name>#page=<n>`, or the file name alone. */
export function docPathOf(fileName: string, page: number | null): string {
  return page === null ? fileName : `${fileName}#page=${page}`;
}

/**
 * How many of the query's words a passage contains (by their first five letters, a crude stem).
 * A passage sharing a single word with a longer question (say 'portfolio') is not an answer, so
 * it is dropped rather than quoted: the drafter then says the documents do not answer.
 */
function sharedTerms(query: string, text: string): number {
  const words = new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((w) => w.slice(0, 5)));
  return query.split(' or ').filter((term) => words.has(term.slice(0, 5))).length;
}

/** The fund passages a draft of the message is given (none when the message has no fund). */
export async function retrievePassages(
  db: Db,
  orgId: string,
  message: { projectId: string | null; subject: string; bodyText: string },
): Promise<DraftPassage[]> {
  if (!message.projectId) return [];
  const query = retrievalQuery(message.subject, message.bodyText);
  if (!query) return [];
  const hits = await searchPassages(db, {
    orgId,
    projectId: message.projectId,
    query,
    limit: DRAFT_PASSAGE_LIMIT,
  });
  const needed = Math.min(2, query.split(' or ').length);
  const relevant = hits.filter((hit) => sharedTerms(query, hit.text) >= needed);
  const top = Math.max(0, ...relevant.map((h) => h.rank));
  return relevant.map(
    (hit): DraftPassage => ({
      id: hit.passageId,
      docPath: docPathOf(hit.fileName, hit.page),
      text: hit.text,
      relevance: top > 0 ? Math.round((hit.rank / top) * 100) / 100 : 0,
    }),
  );
}
