import { splitIntoPassages } from '../../src/features/projects/document-text';
import { type ClaimSource, checkClaims } from '../../src/features/replies/claim-check';
import { type ClaimCase, fundDocuments, loadLabelledSet } from './labelled-set';
import { splitOf } from './split';

// docs/drafting-eval.md: the claim check on the labelled set's cited replies; each [n] cites the
// passage (split as the indexer splits) that holds its source excerpt.

export type ClaimOutcome = {
  claim: ClaimCase;
  split: 'dev' | 'test';
  /** The unsupported figures the check found, as written. */
  flagged: string[];
  /** Of the expected ones, those the check found. */
  found: string[];
  /** Findings that are not expected ones. */
  wrong: string[];
};

const collapse = (text: string) => text.replace(/\s+/g, ' ');

function passagesOf(fund: string): { id: string; text: string }[] {
  return fundDocuments(fund).flatMap((doc) =>
    splitIntoPassages({ pages: [{ page: null, text: doc.text }], pageCount: null }).map((p, i) => ({
      id: `${doc.fileName}#${i}`,
      text: p.text,
    })),
  );
}

/** The spans of `needle` in `text`. */
function spansOf(text: string, needle: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    spans.push([at, at + needle.length]);
  }
  return spans;
}

export function evaluateClaims(): ClaimOutcome[] {
  const { claims } = loadLabelledSet();
  const byFund = new Map<string, { id: string; text: string }[]>();
  return claims.map((claim) => {
    const passages = byFund.get(claim.fund) ?? passagesOf(claim.fund);
    byFund.set(claim.fund, passages);
    const sources: ClaimSource[] = claim.sources.map((excerpt, i) => {
      const passage = passages.find((p) => collapse(p.text).includes(collapse(excerpt)));
      return { n: i + 1, passageId: passage?.id ?? `missing-${i}`, text: passage?.text ?? '' };
    });
    const findings = checkClaims({ text: claim.text, sources, fundPassages: passages }).filter(
      (f) => f.rule === 'unsupported_figure',
    );
    const expected = claim.unsupported.map((u) => ({ u, spans: spansOf(claim.text, u) }));
    const overlaps = (f: { start: number; end: number }, spans: [number, number][]) =>
      spans.some(([s, e]) => f.start < e && s < f.end);
    return {
      claim,
      split: splitOf(claim.id),
      flagged: findings.map((f) => f.term),
      found: expected.filter((x) => findings.some((f) => overlaps(f, x.spans))).map((x) => x.u),
      wrong: findings.filter((f) => !expected.some((x) => overlaps(f, x.spans))).map((f) => f.term),
    };
  });
}

export function claimFiguresFor(outcomes: ClaimOutcome[]) {
  const expected = outcomes.reduce((s, o) => s + o.claim.unsupported.length, 0);
  const found = outcomes.reduce((s, o) => s + o.found.length, 0);
  const flagged = outcomes.reduce((s, o) => s + o.found.length + o.wrong.length, 0);
  return {
    replies: outcomes.length,
    precision: flagged === 0 ? 1 : found / flagged,
    recall: expected === 0 ? 1 : found / expected,
  };
}
