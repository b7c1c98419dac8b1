import { COMPLIANCE_TEXTS } from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import type { ClaimFlagInput } from '../compliance/compliance.service';
import { findNonPublicDocuments, findPassagesByIds } from '../projects/passage-lookup';
import type { ClaimVersion } from './claim-flags';
import { greetingOf, markersIn, type Sentence, sentencesOf } from './claim-text';

/**
 * Flags for the sentences of a reply that cite a non-public document (docs/decisions/053-non-public-documents.md):
 * a sentence whose own markers name such a citation, or — when no sentence carries the marker of a
 * non-public citation — the reply's first sentence after the greeting, so the citation is never silent.
 * `nonPublic` maps a citation's number (1-based) to its document's file name.
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

/** The selective-disclosure flags of a stored version: its citations' documents, read as they are now. */
export async function selectiveDisclosureFlags(
  db: DbOrTx,
  orgId: string,
  version: ClaimVersion,
): Promise<ClaimFlagInput[]> {
  const { citations } = version;
  if (citations.length === 0) return [];
  // Newer citations name their document; older ones are traced through their passage while it exists.
  const untraced = citations.filter((c) => !c.document_id).map((c) => c.id);
  const traced = new Map(
    (await findPassagesByIds(db, { orgId, ids: untraced })).map((p) => [p.passageId, p.documentId]),
  );
  const documentOf = (i: number) => citations[i]?.document_id ?? traced.get(citations[i]?.id ?? '');
  const nonPublic = new Map(
    (await findNonPublicDocuments(db, { orgId, ids: citations.map((_, i) => documentOf(i)) })).map((d) => [
      d.documentId,
      d.fileName,
    ]),
  );
  const byNumber = new Map<number, string>();
  citations.forEach((_, i) => {
    const name = nonPublic.get(documentOf(i) ?? '');
    if (name !== undefined) byNumber.set(i + 1, name);
  });
  return disclosureFlagsOf(version.text, byNumber);
}
