import { COMPLIANCE_TEXTS } from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import type { ClaimFlagInput } from '../compliance/compliance.service';
import { findCitationDisclosures } from '../projects/passage-lookup';
import type { ClaimVersion } from './claim-flags';
import { greetingOf, markersIn, type Sentence, sentencesOf } from './claim-text';

/**
 * Flags for the sentences of a reply that cite a non-public document or passage
 * (docs/decisions/053-non-public-documents.md):
 * a sentence whose own markers name such a citation, or — when no sentence carries the marker of a
 * non-public citation — the reply's first sentence after the greeting, so the citation is never silent.
 * `nonPublic` maps a citation's number (1-based) to what the flag names: the document's file name, or
 * for a passage marked on its own, the file name and page.
 */
export function disclosureFlagsOf(text: string, nonPublic: ReadonlyMap<number, string>): ClaimFlagInput[] {
  if (nonPublic.size === 0) return [];
  const greeting = greetingOf(text);
  const sentences = sentencesOf(text).filter((s) => !greeting || s.start >= greeting.end);
  const flags: ClaimFlagInput[] = [];
  const marked = new Set<number>();
  const flag = (sentence: Sentence, numbers: readonly number[]) => {
    const names = [...new Set(numbers.map((n) => nonPublic.get(n) ?? ''))].filter(Boolean);
    flags.push({
      rule: 'selective_disclosure',
      term: names.join(', '),
      start: sentence.start,
      end: sentence.end,
      rationale: COMPLIANCE_TEXTS.selectiveDisclosureRationale(names),
      suggestion: '',
    });
  };
  for (const sentence of sentences) {
    const cited = markersIn(text, sentence).filter((n) => nonPublic.has(n));
    if (cited.length === 0) continue;
    for (const n of cited) marked.add(n);
    flag(sentence, cited);
  }
  const unmarked = [...nonPublic.keys()].filter((n) => !marked.has(n));
  const first = sentences[0];
  if (unmarked.length > 0 && first) flag(first, unmarked);
  return flags.sort((a, b) => a.start - b.start);
}

/**
 * The selective-disclosure flags of a stored version: its citations' passages and documents, read as they
 * are now in one lookup. A citation counts when its passage or its document is marked non-public; a
 * passage's own mark is named by its page (docs/decisions/053-non-public-documents.md).
 */
export async function selectiveDisclosureFlags(
  db: DbOrTx,
  orgId: string,
  version: ClaimVersion,
): Promise<ClaimFlagInput[]> {
  const { citations } = version;
  if (citations.length === 0) return [];
  const states = await findCitationDisclosures(db, { orgId, citations });
  const byNumber = new Map<number, string>();
  states.forEach((state, i) => {
    if (state.fileName === null) return;
    if (state.documentNonPublic) byNumber.set(i + 1, state.fileName);
    else if (state.passageNonPublic) byNumber.set(i + 1, docLabelOf(state.fileName, state.page));
  });
  return disclosureFlagsOf(version.text, byNumber);
}

/** A passage as the flag names it: its document and page. */
function docLabelOf(fileName: string, page: number | null): string {
  return page === null ? fileName : `${fileName}, page ${page}`;
}
