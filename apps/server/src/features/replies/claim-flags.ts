import { COMPLIANCE_TEXTS } from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import type { StoredCitation } from '../../db/schema';
import type { ClaimFlagInput } from '../compliance/compliance.service';
import { findPassagesByIds } from '../projects/passage-lookup';
import { searchPassages } from '../projects/passage-search';
import {
  type ClaimFinding,
  type ClaimSource,
  checkClaims,
  figureKindOf,
  supportingSentenceOf,
} from './claim-check';
import { contentWordsOf, isSignOffLine, MARKER, type Span } from './claim-text';
import { docPathOf } from './draft-passages';
import { listVersionAuthors } from './replies.queries';

/**
 * The claim check of a stored version (docs/decisions/026-claim-check.md): its cited passages are
 * loaded by the version's citation ids, a few of the fund's passages are searched for the sentences
 * whose figures they lack, and each finding becomes a flag with a fix Apply Fix can make.
 */

/** Flagged sentences searched for a better passage, the hits kept for each, the words of a query. */
const NEAREST_SEARCHES_MAX = 8;
const NEAREST_HITS = 3;
const SEARCH_WORDS_MAX = 12;

export type ClaimVersion = {
  message: { id: string; projectId: string | null; subject: string; bodyText: string };
  text: string;
  citations: readonly StoredCitation[];
};

/** Who may sign: each writer's name and the first line of their saved signature, the latest writer first. */
function authorNamesOf(authors: readonly { name: string; signature: string | null }[]): string[] {
  const names: string[] = [];
  for (const author of authors) {
    names.push(author.name);
    const lines = (author.signature ?? '').split('\n').map((line) => line.trim());
    const first = lines.find((line) => line && !isSignOffLine(line));
    if (first) names.push(first.split(/\s*[,|–—]\s*/)[0] ?? first);
  }
  return names.filter((name) => name.trim());
}

/** The search for a flagged sentence: its content words, OR-ed for websearch_to_tsquery. */
function searchQueryOf(sentence: string): string {
  return contentWordsOf(sentence.replace(MARKER, ' ')).slice(0, SEARCH_WORDS_MAX).join(' or ');
}

type FundPassage = { id: string; text: string; docPath: string };

/**
 * The passages `nearest` chooses from: the cited ones first (a tie goes to them), then the fund's
 * best full-text hits for each sentence holding an unsupported figure, a bounded number of searches.
 */
async function fundPassagesFor(
  db: DbOrTx,
  orgId: string,
  version: ClaimVersion,
  findings: readonly ClaimFinding[],
  cited: readonly FundPassage[],
): Promise<FundPassage[]> {
  const passages = new Map(cited.map((p) => [p.id, p]));
  const { projectId } = version.message;
  if (!projectId) return [...passages.values()];
  const sentences = new Map<number, string>();
  for (const finding of findings) {
    if (finding.rule !== 'unsupported_figure' || sentences.size >= NEAREST_SEARCHES_MAX) continue;
    sentences.set(finding.sentence.start, version.text.slice(finding.sentence.start, finding.sentence.end));
  }
  for (const sentence of sentences.values()) {
    const query = searchQueryOf(sentence);
    if (!query) continue;
    const hits = await searchPassages(db, { orgId, projectId, query, limit: NEAREST_HITS });
    for (const hit of hits) {
      if (!passages.has(hit.passageId)) {
        passages.set(hit.passageId, {
          id: hit.passageId,
          text: hit.text,
          docPath: docPathOf(hit.fileName, hit.page),
        });
      }
    }
  }
  return [...passages.values()];
}

/**
 * Apply Fix replaces a span with a non-empty suggestion, so removing a span takes the rest of its line
 * (or the next line, or else the line before) with it and puts that back; null when nothing is left.
 */
function removalOf(text: string, span: Span): { start: number; end: number; suggestion: string } | null {
  const lineEnd = text.indexOf('\n', span.end);
  const rest = text.slice(span.end, lineEnd === -1 ? text.length : lineEnd);
  if (rest.trim()) return { start: span.start, end: span.end + rest.length, suggestion: rest.trim() };
  const next = /^[^\S\n]*\n\s*([^\n]*\S)/.exec(text.slice(span.end));
  if (next?.[1]) return { start: span.start, end: span.end + next[0].length, suggestion: next[1].trim() };
  const before = /(\S[^\n]*)\s*$/.exec(text.slice(0, span.start));
  if (before?.[1]) return { start: before.index, end: span.end, suggestion: before[1].trim() };
  return null;
}

/** The words that only lead to a link ('at', 'see', 'visit:'), just before it. */
const LEADS_TO_LINK = /\s*\b(?:at|on|via|from|visit|see|here|to|under)\b\s*:?\s*$|\s*:\s*$/i;

/** A sentence without its unsourced links and the words that only led to them. */
function withoutLinks(sentence: string, links: readonly Span[]): string {
  let text = sentence;
  for (const link of [...links].sort((a, b) => b.start - a.start)) {
    const before = text.slice(0, link.start).replace(LEADS_TO_LINK, '');
    text = `${before}${text.slice(link.end)}`;
  }
  return text
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

type Context = {
  text: string;
  citations: readonly StoredCitation[];
  passages: ReadonlyMap<string, FundPassage>;
  authors: readonly string[];
};

/** Findings grouped by their sentence, in order: a flag per sentence, as dismissals are per sentence. */
function bySentence(findings: readonly ClaimFinding[]): ClaimFinding[][] {
  const groups = new Map<number, ClaimFinding[]>();
  for (const finding of findings) {
    const list = groups.get(finding.sentence.start);
    if (list) list.push(finding);
    else groups.set(finding.sentence.start, [finding]);
  }
  return [...groups.values()];
}

/** One flag per sentence: its missing figures, and the nearest passage's sentence with that passage's marker. */
function unsupportedFlags(context: Context, findings: readonly ClaimFinding[]): ClaimFlagInput[] {
  return bySentence(findings).map((group) => {
    const first = group[0] as ClaimFinding;
    const terms = [...new Set(group.map((f) => f.term))];
    const sentence = context.text.slice(first.sentence.start, first.sentence.end);
    const withNearest = group.find((f) => f.nearest);
    const kind = withNearest ? figureKindOf(withNearest.term) : null;
    const passage = withNearest?.nearest ? context.passages.get(withNearest.nearest.passageId) : undefined;
    const quote = passage && kind ? supportingSentenceOf(passage.text, sentence, kind) : null;
    const cited = passage ? context.citations.findIndex((c) => c.id === passage.id) : -1;
    // A passage not cited yet is appended by the fix, so it takes the next number.
    const marker = cited === -1 ? context.citations.length + 1 : cited + 1;
    return {
      rule: 'unsupported_figure',
      term: terms.join(', '),
      start: first.sentence.start,
      end: first.sentence.end,
      rationale: COMPLIANCE_TEXTS.noCitedPassageContains(terms),
      suggestion: passage && quote ? `${quote.replace(/[.\s]+$/, '')} [${marker}].` : '',
      ...(passage && quote ? { citation: { id: passage.id, doc_path: passage.docPath } } : {}),
    };
  });
}

/** One flag per sentence with links no cited passage holds: the sentence without them. */
function linkFlags(context: Context, findings: readonly ClaimFinding[]): ClaimFlagInput[] {
  return bySentence(findings).flatMap((group) => {
    const span = (group[0] as ClaimFinding).sentence;
    const sentence = context.text.slice(span.start, span.end);
    const links = group.map((f) => ({ start: f.start - span.start, end: f.end - span.start }));
    const kept = withoutLinks(sentence, links);
    const fix = /\p{L}/u.test(kept) ? { ...span, suggestion: kept } : removalOf(context.text, span);
    const terms = group.map((f) => f.term);
    return [
      {
        rule: 'unsourced_link' as const,
        term: terms.join(', '),
        start: fix?.start ?? span.start,
        end: fix?.end ?? span.end,
        rationale: terms.map((t) => COMPLIANCE_TEXTS.unsourcedLinkRationale(t)).join('; '),
        suggestion: fix?.suggestion ?? '',
      },
    ];
  });
}

/** An extra sign-off is removed; a signer who is not an author is replaced by the author. */
function signOffFlags(context: Context, findings: readonly ClaimFinding[]): ClaimFlagInput[] {
  return findings.map((finding) => {
    // checkClaims reports an extra sign-off as its whole block, a foreign signer as the name in it.
    const isBlock = finding.start === finding.sentence.start && finding.end === finding.sentence.end;
    if (!isBlock) {
      return {
        rule: 'second_sign_off',
        term: finding.term,
        start: finding.start,
        end: finding.end,
        rationale: COMPLIANCE_TEXTS.foreignSignerRationale(finding.term),
        suggestion: context.authors[0] ?? '',
      };
    }
    const fix = removalOf(context.text, finding);
    return {
      rule: 'second_sign_off',
      term: finding.term,
      start: fix?.start ?? finding.start,
      end: fix?.end ?? finding.end,
      rationale: COMPLIANCE_TEXTS.secondSignOffRationale(finding.term),
      suggestion: fix?.suggestion ?? '',
    };
  });
}

/** The claim check's flags for a version's text, against its cited passages. */
export async function claimFlagsOf(
  db: DbOrTx,
  orgId: string,
  version: ClaimVersion,
): Promise<ClaimFlagInput[]> {
  const { text, citations, message } = version;
  // A citation that kept its passage's text is checked against what it cited; older ones against the
  // passage as indexed now (gone when its document was re-indexed or deleted).
  const unkept = citations.filter((c) => c.text === undefined).map((c) => c.id);
  const found = await findPassagesByIds(db, { orgId, ids: unkept });
  const authors = authorNamesOf(await listVersionAuthors(db, { orgId, messageId: message.id }));
  const byId = new Map(found.map((p) => [p.passageId, p]));
  const sources: ClaimSource[] = [];
  const cited: FundPassage[] = [];
  citations.forEach((citation, i) => {
    const passageText = citation.text ?? byId.get(citation.id)?.text;
    if (passageText === undefined) return;
    sources.push({ n: i + 1, passageId: citation.id, text: passageText });
    cited.push({ id: citation.id, text: passageText, docPath: citation.doc_path });
  });
  const input = { text, sources, investorText: `${message.subject}\n${message.bodyText}`, author: authors };
  let findings = checkClaims(input);
  let fund = cited;
  if (findings.some((f) => f.rule === 'unsupported_figure')) {
    fund = await fundPassagesFor(db, orgId, version, findings, cited);
    findings = checkClaims({ ...input, fundPassages: fund.map((p) => ({ id: p.id, text: p.text })) });
  }
  const context: Context = { text, citations, passages: new Map(fund.map((p) => [p.id, p])), authors };
  return [
    ...unsupportedFlags(
      context,
      findings.filter((f) => f.rule === 'unsupported_figure'),
    ),
    ...linkFlags(
      context,
      findings.filter((f) => f.rule === 'unsourced_link'),
    ),
    ...signOffFlags(
      context,
      findings.filter((f) => f.rule === 'second_sign_off'),
    ),
  ].sort((a, b) => a.start - b.start);
}
