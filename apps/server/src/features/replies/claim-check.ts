import { type FigureKind, figuresOf } from './claim-figures';
import {
  clausesOf,
  draftWordsOf,
  type PlacedFigure,
  placedElsewhere,
  placedFiguresOf,
} from './claim-placement';
import {
  addStems,
  contactSpans,
  greetingOf,
  lineAround,
  linkKey,
  linksOf,
  MARKER,
  markerSpans,
  markersIn,
  maskOf,
  restatementSpans,
  type Sentence,
  type SignOff,
  type Span,
  sentenceHolding,
  sentencesOf,
  signOffsOf,
  spansOf,
  stemsOf,
} from './claim-text';

/**
 * The claim check (docs/decisions/026-claim-check.md): every figure or date a reply states must be in
 * a passage its sentence cites, every link in a cited passage, and the reply carries one sign-off,
 * its author's. Pure and synchronous: the caller loads the passages.
 */

/** The passage a citation marker [n] names. */
export type ClaimSource = { n: number; passageId: string; text: string };

export type ClaimFinding = {
  rule: 'unsupported_figure' | 'unsourced_link' | 'second_sign_off';
  /** The figure, link, sign-off block or signer's name, as written. */
  term: string;
  /** Its span in the text (UTF-16, end exclusive). */
  start: number;
  end: number;
  /** The sentence (or sign-off block) that holds it. */
  sentence: { start: number; end: number };
  /**
   * For an unsupported figure: the passage that best supports the sentence with the right figure
   * (the most of its content words, and a figure of the same kind), with its whole text; null when
   * none shares a word and holds such a figure.
   */
  nearest: { passageId: string; text: string } | null;
};

export type ClaimCheckInput = {
  text: string;
  sources: ClaimSource[];
  /** The investor's own message: its figures may be restated without a source. */
  investorText?: string;
  /** Candidates for `nearest`, else the sources. */
  fundPassages?: { id: string; text: string }[];
  /**
   * Who may sign the reply, the author first: a closing signed by anyone else is a second_sign_off.
   * Without it, the signature's name is not compared.
   */
  author?: string | readonly string[];
};

export type { FigureKind } from './claim-figures';

type Candidate = { id: string; text: string };

/** How many cited passages holding a figure are read for where it stands in them. */
const PLACED_PASSAGES_MAX = 3;

/** Each passage's figures read at most once per check, and only when a sentence needs them. */
class PassageFigures {
  private readonly read = new Map<string, { keys: Set<string>; kinds: Set<FigureKind> }>();

  private of(id: string, text: string) {
    let read = this.read.get(id);
    if (!read) {
      read = { keys: new Set(), kinds: new Set() };
      for (const figure of figuresOf(text)) {
        for (const key of figure.gives) read.keys.add(key);
        if (figure.isClaim) read.kinds.add(figure.kind);
      }
      this.read.set(id, read);
    }
    return read;
  }

  keysOf(id: string, text: string): Set<string> {
    return this.of(id, text).keys;
  }

  kindsOf(id: string, text: string): Set<FigureKind> {
    return this.of(id, text).kinds;
  }

  private readonly placed = new Map<string, PlacedFigure[]>();

  /** Its figures with the words of their places, read only when a figure it holds needs placing. */
  placedOf(id: string, text: string): PlacedFigure[] {
    let placed = this.placed.get(id);
    if (!placed) {
      placed = placedFiguresOf(text);
      this.placed.set(id, placed);
    }
    return placed;
  }
}

/**
 * The candidates for `nearest`, indexed by their content words once per check (on the first
 * unsupported figure), so each sentence is scored by the postings of its own words.
 */
class NearestIndex {
  private postings: Map<string, number[]> | null = null;
  private readonly found = new Map<string, Candidate | null>();

  constructor(
    private readonly candidates: readonly Candidate[],
    private readonly figures: PassageFigures,
  ) {}

  private index(): Map<string, number[]> {
    if (this.postings) return this.postings;
    const postings = new Map<string, number[]>();
    const stems = new Set<string>();
    for (let i = 0; i < this.candidates.length; i += 1) {
      stems.clear();
      for (const stem of addStems((this.candidates[i] as Candidate).text, stems)) {
        const list = postings.get(stem);
        if (list) list.push(i);
        else postings.set(stem, [i]);
      }
    }
    this.postings = postings;
    return postings;
  }

  /**
   * The candidate sharing the most of the sentence's content words that holds a figure of the kind
   * wanted; the earlier one on a tie; null when none that shares a word holds one.
   */
  nearest(sentenceText: string, kind: FigureKind): Candidate | null {
    const key = `${kind}\u0000${sentenceText}`;
    if (this.found.has(key)) return this.found.get(key) ?? null;
    const postings = this.index();
    const scores = new Int32Array(this.candidates.length);
    for (const stem of stemsOf(sentenceText)) {
      for (const i of postings.get(stem) ?? []) scores[i] = (scores[i] ?? 0) + 1;
    }
    let nearest: Candidate | null = null;
    for (;;) {
      let best = -1;
      for (let i = 0; i < scores.length; i += 1) {
        if ((scores[i] ?? 0) > (best === -1 ? 0 : (scores[best] ?? 0))) best = i;
      }
      if (best === -1) break;
      const candidate = this.candidates[best] as Candidate;
      if (this.figures.kindsOf(candidate.id, candidate.text).has(kind)) {
        nearest = candidate;
        break;
      }
      scores[best] = 0;
    }
    this.found.set(key, nearest);
    return nearest;
  }
}

/** The kind of a figure as written ('3.1%' → percent), or null when it is no figure. */
export function figureKindOf(term: string): FigureKind | null {
  return figuresOf(term).find((figure) => figure.isClaim)?.kind ?? null;
}

/**
 * The sentence (or 'Label: value' line) of a passage to quote for a draft sentence: one holding a figure of the kind wanted,
 * sharing the most content words with it (the first on a tie); null when no sentence holds one.
 */
export function supportingSentenceOf(
  passage: string,
  draftSentence: string,
  kind: FigureKind,
): string | null {
  const wanted = [...stemsOf(draftSentence)];
  let best: { text: string; score: number } | null = null;
  // A .txt notice's 'Label: value' lines are one sentence once indexed: each line is quoted alone.
  for (const span of clausesOf(passage, true)) {
    const text = passage.slice(span.start, span.end);
    if (!figuresOf(maskOf(text, contactSpans(text))).some((f) => f.isClaim && f.kind === kind)) continue;
    const stems = stemsOf(text);
    const score = wanted.filter((word) => stems.has(word)).length;
    if (!best || score > best.score) best = { text, score };
  }
  // Quoted into a reply: without the document's list marker or bold.
  return best ? best.text.replace(/^\s*(?:[-*•]|\d{1,3}[.)])\s+/, '').replace(/\*\*/g, '') : null;
}

/**
 * What the investor wrote, as keys a restated figure may have: each figure as written, and the plain
 * number of an amount and the month and year of a date ('you mention 2,000 units' may be restated).
 */
function investorKeysOf(investor: string): Set<string> {
  const keys = new Set<string>();
  for (const figure of figuresOf(maskOf(investor, contactSpans(investor)))) {
    if (figure.needs[0]) keys.add(figure.needs[0]);
    for (const key of figure.gives) if (/^(?:n|y|m|dm):/.test(key)) keys.add(key);
  }
  return keys;
}

/** A name's words, initials left out ('J. Smith' and 'John Smith' share 'smith'). */
function nameWords(name: string): string[] {
  return (name.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => word.length > 1);
}

/** Words of a team's or a firm's name, not a person's ('The IR team', 'Investor Relations'). */
const NOT_A_PERSON = new Set(
  (
    'the of and team teams desk department office group relations services operations compliance ' +
    'partners capital management fund funds investor investors ir client clients company llp ltd ' +
    'limited inc plc llc'
  ).split(' '),
);

/** A closing signed by a team is nobody's signature: only a person's name is compared with the author. */
function isPersonName(name: string): boolean {
  const words = name.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.length > 0 && words.length <= 5 && !words.some((word) => NOT_A_PERSON.has(word));
}

/** A signer is the author when one name's words include the other's ('John Smith, CFA' and 'John Smith'). */
function isSameName(signer: string, author: string): boolean {
  const a = nameWords(signer);
  const b = nameWords(author);
  if (a.length === 0 || b.length === 0) return true;
  return a.every((w) => b.includes(w)) || b.every((w) => a.includes(w));
}

/** What the closing covers: from the last sign-off on; an earlier sign-off's block is a second one. */
function closingOf(text: string) {
  const signOffs = signOffsOf(text);
  const closing = signOffs.at(-1) ?? null;
  return { closing, extra: signOffs.slice(0, -1) };
}

/** The passages each sentence relies on: its own markers, else its paragraph's, else every source. */
function citedBy(text: string, sentences: readonly Sentence[], every: readonly number[]) {
  const byParagraph = new Map<number, number[]>();
  for (const sentence of sentences) {
    const list = byParagraph.get(sentence.paragraph) ?? [];
    list.push(...markersIn(text, sentence));
    byParagraph.set(sentence.paragraph, list);
  }
  return (sentence: Sentence): readonly number[] => {
    const own = markersIn(text, sentence);
    if (own.length > 0) return own;
    const paragraph = byParagraph.get(sentence.paragraph) ?? [];
    return paragraph.length > 0 ? paragraph : every;
  };
}

function unsupportedFigures(
  input: ClaimCheckInput,
  excluded: readonly Span[],
  sentences: readonly Sentence[],
): ClaimFinding[] {
  const { text } = input;
  const sourcesByN = new Map<number, ClaimSource>();
  for (const source of input.sources) if (!sourcesByN.has(source.n)) sourcesByN.set(source.n, source);
  const citedPassages = citedBy(text, sentences, [...sourcesByN.keys()]);
  const investorKeys = investorKeysOf(input.investorText ?? '');
  const figures = new PassageFigures();
  const nearest = new NearestIndex(
    input.fundPassages ?? input.sources.map((s) => ({ id: s.passageId, text: s.text })),
    figures,
  );
  const claimText = maskOf(text, [
    ...excluded,
    ...markerSpans(text),
    ...contactSpans(text),
    ...restatementSpans(text, sentences),
  ]);
  // The keys of the passages a sentence cites, gathered once per set of markers.
  // Each key of the passages a sentence cites, with the passages holding it.
  const keysByCitation = new Map<string, Map<string, ClaimSource[]>>();
  const keysCitedBy = (cited: readonly number[]) => {
    const id = cited.join(',');
    let keys = keysByCitation.get(id);
    if (!keys) {
      keys = new Map();
      for (const n of cited) {
        const source = sourcesByN.get(n);
        if (!source) continue;
        for (const key of figures.keysOf(source.passageId, source.text)) {
          const holding = keys.get(key);
          if (!holding) keys.set(key, [source]);
          else if (holding.at(-1) !== source) holding.push(source);
        }
      }
      keysByCitation.set(id, keys);
    }
    return keys;
  };
  /**
   * The placed figures of the cited passages that hold one of `needs`, at most PLACED_PASSAGES_MAX
   * passages (a figure many cited passages hold is taken as supported: one is very likely its place).
   */
  const placedHolding = (keys: ReadonlyMap<string, ClaimSource[]>, needs: readonly string[]) => {
    const holding = new Set<ClaimSource>();
    for (const key of needs) for (const source of keys.get(key) ?? []) holding.add(source);
    if (holding.size > PLACED_PASSAGES_MAX) return null;
    return [...holding].flatMap((source) => figures.placedOf(source.passageId, source.text));
  };

  const findings: ClaimFinding[] = [];
  const claimFigures = figuresOf(claimText);
  for (const figure of claimFigures) {
    // What the investor wrote as it is (a bare number of theirs does not make any amount restated).
    if (!figure.isClaim || figure.needs.some((key) => !key.startsWith('b:') && investorKeys.has(key)))
      continue;
    const sentence = sentenceHolding(sentences, figure.start) ?? {
      ...lineAround(text, figure.start),
      paragraph: -1,
    };
    const cited = citedPassages(sentence);
    const keys = keysCitedBy(cited);
    let elsewhere: PlacedFigure | null = null;
    if (figure.needs.some((key) => keys.has(key))) {
      // In a cited passage, but perhaps as another class's, date's or series' figure.
      const placed = placedHolding(keys, figure.needs);
      const wordsOf = () =>
        draftWordsOf(
          claimText,
          sentence,
          figure,
          claimFigures.filter((f) => f.start >= sentence.start && f.end <= sentence.end),
        );
      elsewhere = placed ? placedElsewhere(figure, claimText, wordsOf, placed) : null;
      if (!elsewhere) continue;
    }
    const words = text.slice(sentence.start, sentence.end);
    const found = nearest.nearest(maskOf(words, spansOf(MARKER, words)), figure.kind);
    findings.push({
      rule: 'unsupported_figure',
      term: text.slice(figure.start, figure.end),
      start: figure.start,
      end: figure.end,
      sentence: { start: sentence.start, end: sentence.end },
      nearest: found ? { passageId: found.id, text: found.text } : null,
    });
  }
  return findings;
}

/** Links in the text before the closing that no cited passage holds (the domain of one counts). */
function unsourcedLinks(
  input: ClaimCheckInput,
  before: number,
  signOffs: readonly SignOff[],
  sentences: readonly Sentence[],
): ClaimFinding[] {
  const sourced = input.sources.flatMap((s) => linksOf(s.text).map((link) => linkKey(link.text)));
  const isSourced = (link: string) => {
    const key = linkKey(link);
    return sourced.some((known) => known === key || known.startsWith(`${key}/`));
  };
  return linksOf(input.text)
    .filter((link) => link.start < before && !isSourced(link.text))
    .filter((link) => !signOffs.some((s) => link.start >= s.block.start && link.start < s.block.end))
    .map((link) => {
      const sentence = sentenceHolding(sentences, link.start) ?? lineAround(input.text, link.start);
      return {
        rule: 'unsourced_link',
        term: link.text,
        start: link.start,
        end: link.end,
        sentence: { start: sentence.start, end: sentence.end },
        nearest: null,
      };
    });
}

/** Every sign-off before the last, and a last one signed by someone who is not an author. */
function secondSignOffs(
  closing: SignOff | null,
  extra: readonly SignOff[],
  author: ClaimCheckInput['author'],
): ClaimFinding[] {
  const findings: ClaimFinding[] = extra.map((block) => ({
    rule: 'second_sign_off',
    term: block.text,
    start: block.block.start,
    end: block.block.end,
    sentence: { ...block.block },
    nearest: null,
  }));
  const authors = (typeof author === 'string' ? [author] : (author ?? [])).filter((a) => a.trim());
  const signer = closing?.name;
  if (
    closing &&
    signer &&
    authors.length > 0 &&
    isPersonName(signer.text) &&
    !authors.some((a) => isSameName(signer.text, a))
  ) {
    findings.push({
      rule: 'second_sign_off',
      term: signer.text,
      start: signer.start,
      end: signer.end,
      sentence: { ...closing.block },
      nearest: null,
    });
  }
  return findings;
}

/**
 * The claim check of a reply against the passages it cites: unsupported figures and dates, links no
 * source holds, a second sign-off or a signature that is not the author's. In text order.
 */
export function checkClaims(input: ClaimCheckInput): ClaimFinding[] {
  const { text } = input;
  const { closing, extra } = closingOf(text);
  const excluded: Span[] = extra.map((block) => block.block);
  if (closing) excluded.push({ start: closing.line.start, end: text.length });
  const greeting = greetingOf(text);
  if (greeting) excluded.push(greeting);
  const sentences = sentencesOf(text);
  return [
    ...unsupportedFigures(input, excluded, sentences),
    ...unsourcedLinks(input, closing?.line.start ?? text.length, extra, sentences),
    ...secondSignOffs(closing, extra, input.author),
  ].sort((a, b) => a.start - b.start || a.end - b.end);
}
