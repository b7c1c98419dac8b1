import type { Sentence, Word } from '../sentences';
import { CLUSTERS } from './clusters';
import { misspelledUnclassed, WORD_CLASSES } from './word-classes';

/**
 * Where the extractor puts each feature, by its parts: `kind:value` (`one`), or a pair `kind:a_b`
 * (`two`, with the kind's separator, PAIR_SEPARATOR). Each value is first given to `part`, once per word
 * for the several features it appears in. `sentenceFeatures` writes the names; the model (`classify.ts`)
 * numbers the parts and looks the numbers up in its weights, without building a name per feature: the
 * names cost more than the rest of a check's scoring.
 */
export interface FeatureSink<P> {
  /** The same value always gives the same part. */
  part(value: string): P;
  one(kind: string, value: P): void;
  two(kind: PairKind, a: P, b: P): void;
  /** `knownParts(this)`, made once by a sink that writes many sentences: saves the lookups of known words. */
  readonly known?: KnownParts<P>;
}

/** The parts of every known word (lemma or lower-case form with classes or clusters), by `Facts.id`. */
export type KnownParts<P> = { word: P[]; coarse: P[]; fine: P[] };

export function knownParts<P>(sink: FeatureSink<P>): KnownParts<P> {
  const out: KnownParts<P> = { word: [], coarse: [], fine: [] };
  for (const facts of FACTS.values()) {
    out.word[facts.id] = sink.part(facts.word);
    if (facts.clusters) {
      out.coarse[facts.id] = sink.part(facts.clusters[0]);
      out.fine[facts.id] = sink.part(facts.clusters[1]);
    }
  }
  return out;
}

/** Pairs of tokens, classes and clusters in sequence are joined by '_', pairs of classes present by '+'. */
export const PAIR_SEPARATOR = { b: '_', cb: '_', kb: '_', cp: '+' } as const;
export type PairKind = keyof typeof PAIR_SEPARATOR;

/**
 * The classifier's features of one sentence: lemma unigrams and bigrams (numbers by their shape,
 * misspellings of class words by the word meant), word classes (`word-classes.ts`) with their bigrams and
 * the pairs of classes present, a few shape features, and `frames`: the sentence layer's tags of the
 * sentence (frames found, 'hedged', the context that cleared a match). Unique, in an order fixed by the
 * sentence (not sorted: sorting cost as much as the rest). The names are the keys of `weights.json`:
 * changing them means retraining (`npm run train -w @parley/guardrails`).
 */
export function sentenceFeatures(sentence: Sentence, frames: readonly string[]): string[] {
  const out = new Set<string>();
  writeFeatures<string>(sentence, frames, {
    part: (value) => value,
    one: (kind, value) => out.add(`${kind}:${value}`),
    two: (kind, a, b) => out.add(`${kind}:${a}${PAIR_SEPARATOR[kind]}${b}`),
  });
  return [...out];
}

/**
 * The features of `sentenceFeatures`, in the same order and with the same repeats, written to `sink`
 * (the sink drops repeats).
 */
export function writeFeatures<P>(sentence: Sentence, frames: readonly string[], sink: FeatureSink<P>): void {
  const words = sentence.words;
  // one sentence at a time (a sink never writes another sentence's features): reused arrays
  const tokens = TOKENS as P[];
  /** each token's first class, or the token itself: the sequence for class bigrams */
  const abstract = ABSTRACT as P[];
  /** whether abstract[i] is a class ('@assure'): class bigrams need one */
  const classed = CLASSED;
  const classes = CLASSES;
  /** each token's fine cluster (or class, or itself): the sequence for cluster bigrams */
  const fine = FINE as P[];
  // filled by count, never emptied: an array set to length 0 gives up its storage
  let n = 0;
  classes.length = 0;
  let negatedFor = 0;
  let quoted = false;
  const known = sink.known;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const single = tokenOf(words, i);
    const compound = single === null ? null : compoundAt(words, i, single);
    const token = compound?.token ?? single;
    if (compound) i = compound.last;
    if (token === null) {
      if (QUOTES.has(w.normal)) {
        sink.one('f', sink.part('quote'));
        quoted = !quoted;
      } else if (w.normal === '?') sink.one('f', sink.part('question'));
      if (CLAUSE_BREAKS.has(w.normal)) negatedFor = 0;
      continue;
    }
    // the token's classes and clusters, else the written word's (one lookup for both)
    const facts = compound ? FACTS.get(token) : tokenFacts;
    const part = known && facts ? (known.word[facts.id] as P) : sink.part(token);
    tokens[n] = part;
    sink.one('w', part);
    const written = compound ? undefined : token === w.normal ? facts : FACTS.get(w.normal);
    const own = facts?.classes ?? written?.classes ?? NO_CLASSES;
    for (const c of own) {
      sink.one('c', sink.part(c));
      if (!classes.includes(c)) classes.push(c);
      // a claim in quotation marks is often a mention ('beware of "guaranteed" returns')
      if (quoted) sink.one('qc', sink.part(c));
    }
    const tag = own[0] === undefined ? token : (CLASS_TAGS.get(own[0]) as string);
    const tagPart = tag === token ? part : sink.part(tag);
    abstract[n] = tagPart;
    classed[n] = tag.startsWith('@');
    const near = facts?.clusters ? facts : written?.clusters ? written : undefined;
    if (near?.clusters) {
      const finePart = known ? (known.fine[near.id] as P) : sink.part(near.clusters[1]);
      sink.one('k', known ? (known.coarse[near.id] as P) : sink.part(near.clusters[0]));
      sink.one('kk', finePart);
      fine[n] = finePart;
    } else fine[n] = tagPart;
    n++;
    // words shortly after a negation read differently ('not guaranteed', "can't go down")
    if (negatedFor > 0) {
      sink.one('n', part);
      for (const c of own) sink.one('nc', sink.part(c));
      negatedFor--;
    }
    const lemmaFacts = token === w.lemma ? facts?.lemma : LEMMA_FACTS.get(w.lemma);
    if (lemmaFacts !== undefined) {
      if (lemmaFacts.negation) {
        sink.one('f', sink.part('negation'));
        negatedFor = 3;
      }
      if (lemmaFacts.shape) sink.one('f', sink.part(lemmaFacts.shape));
    }
    // every figure token starts with '<'
    if (token.charCodeAt(0) === 60 && FIGURES.has(token)) sink.one('f', sink.part('figure'));
    if (w.pos === 'VERB' && w.normal !== w.lemma && w.normal.endsWith('ed')) {
      sink.one('f', sink.part('past-verb'));
    }
  }
  const start = sink.part('<s>');
  for (let i = 0; i < n; i++) {
    sink.two('b', i === 0 ? start : (tokens[i - 1] as P), tokens[i] as P);
    // '<s>' is no class
    if ((i > 0 && classed[i - 1]) || classed[i]) {
      sink.two('cb', i === 0 ? start : (abstract[i - 1] as P), abstract[i] as P);
    }
    sink.two('kb', i === 0 ? start : (fine[i - 1] as P), fine[i] as P);
  }
  if (classes.length > 1) {
    const present = classes.sort();
    for (let i = 0; i < present.length; i++) {
      for (let j = i + 1; j < present.length; j++) {
        sink.two('cp', sink.part(present[i] as string), sink.part(present[j] as string));
      }
    }
  }
  for (const frame of frames) sink.one('frame', sink.part(frame));
}

const TOKENS: unknown[] = [];
const ABSTRACT: unknown[] = [];
const CLASSED: boolean[] = [];
/** the classes present, each once (a few: an array, not a set to clear each sentence) */
const CLASSES: string[] = [];
const FINE: unknown[] = [];

const NO_CLASSES: readonly string[] = [];
/** A class as it stands in the class sequence ('@assure'), made once. */
const CLASS_TAGS: ReadonlyMap<string, string> = new Map(
  [...WORD_CLASSES.values()].flat().map((c) => [c, `@${c}`]),
);

const QUOTES: ReadonlySet<string> = new Set(['"', '\u201c', '\u201d', '\u00ab', '\u00bb']);
const CLAUSE_BREAKS: ReadonlySet<string> = new Set([',', ';', ':', '(', ')', '\u2014', '\u2013', '-']);
const NEGATIONS: ReadonlySet<string> = new Set(['not', 'no', 'never', 'without', 'nothing', 'none', 'nor']);
const CURRENCY: ReadonlySet<string> = new Set([
  '$',
  '\u20ac',
  '\u00a3',
  '\u00a5',
  'usd',
  'eur',
  'gbp',
  'chf',
]);
const FIGURES: ReadonlySet<string> = new Set(['<pct>', '<mult>', '<money>', '<bps>']);

/** Words that say something about the sentence as a whole (features `f:<shape>`). */
const SHAPE_OF: ReadonlyMap<string, string> = new Map([
  ['will', 'future'],
  ['shall', 'future'],
  ['gonna', 'future'],
  ['should', 'modal'],
  ['could', 'modal'],
  ['may', 'modal'],
  ['might', 'modal'],
  ['would', 'modal'],
  ['can', 'modal'],
  ['must', 'modal'],
  ['we', 'first-person'],
  ['our', 'first-person'],
  ['us', 'first-person'],
  ['i', 'first-person'],
  ['you', 'second-person'],
  ['your', 'second-person'],
  ['yours', 'second-person'],
]);

/** Negations and shapes by lemma, in one lookup. */
type LemmaFacts = { negation: boolean; shape: string | undefined };
const LEMMA_FACTS: ReadonlyMap<string, LemmaFacts> = new Map(
  [...NEGATIONS, ...SHAPE_OF.keys()].map((lemma) => [
    lemma,
    { negation: NEGATIONS.has(lemma), shape: SHAPE_OF.get(lemma) },
  ]),
);

/** Made once: a regular expression literal is a new object each time it is evaluated. */
const MULTIPLE = /^\d+(\.\d+)?x$/;
const MONEY = /^[$\u20ac\u00a3]/;
const YEAR = /^(19|20)\d\d$/;
const PERIOD = /^(q[1-4]|h[12]|fy\d\d)$/;

/**
 * Two words read as one, where the pair means something else than its parts: 'not risk-free' denies a
 * safety claim while 'not at risk' makes one, and 'never lose sight of' is no loss.
 */
const COMPOUNDS: ReadonlyMap<string, string> = new Map([
  ['risk free', 'risk-free'],
  ['lose sight', 'lose-sight'],
  ['lose track', 'lose-track'],
  ['lose touch', 'lose-touch'],
]);

/** The compound starting at word i (whose token is `first`), over at most one hyphen, and its last word. */
function compoundAt(
  words: readonly Word[],
  i: number,
  first: string,
): { token: string; last: number } | null {
  let j = i + 1;
  if (words[j]?.normal === '-') j++;
  const next = words[j];
  const token = next ? COMPOUNDS.get(`${first} ${next.lemma}`) : undefined;
  return token ? { token, last: j } : null;
}

/**
 * The lemma of a word: numbers by their shape, a misspelt class word as the word meant; null for
 * punctuation. `tokenFacts` is then the token's facts (one lookup serves the misspelling test too).
 */
function tokenOf(words: readonly Word[], i: number): string | null {
  const w = words[i] as Word;
  tokenFacts = undefined;
  if (w.pos === 'PUNCT') return null;
  if (w.pos !== 'NUM' && !hasDigit(w.normal)) {
    // wink-nlp leaves capitalised words (sentence starts, PROPN) unlemmatised: 'Distributions'
    const lemma = w.lemma === w.normal && w.pos === 'PROPN' ? plainPlural(w.normal) : w.lemma;
    const facts = FACTS.get(lemma);
    // a word with a class of its own is no misspelling (FACTS holds every class word)
    const meant = facts?.classes ? null : misspelledUnclassed(lemma);
    if (meant === null) {
      tokenFacts = facts;
      return lemma;
    }
    tokenFacts = FACTS.get(meant);
    return meant;
  }
  const next = words[i + 1]?.normal ?? '';
  const prev = words[i - 1]?.normal ?? '';
  let token: string;
  if (next === '%' || next === 'percent' || next === 'pct' || w.normal.endsWith('%')) token = '<pct>';
  else if (next === 'x' || next === 'x.' || next === '\u00d7' || MULTIPLE.test(w.normal)) token = '<mult>';
  else if (next === 'bps' || next === 'basis' || w.normal.endsWith('bps')) token = '<bps>';
  else if (CURRENCY.has(prev) || MONEY.test(w.normal)) token = '<money>';
  else if (YEAR.test(w.normal)) token = '<year>';
  else if (PERIOD.test(w.normal)) token = '<period>';
  else if (w.pos === 'NUM') token = '<num>';
  else token = w.lemma;
  tokenFacts = FACTS.get(token);
  return token;
}

/** `/\d/.test(s)`: a loop over a word's few characters costs less than a RegExp call. */
function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/** The facts of the last token `tokenOf` gave (undefined: none). */
let tokenFacts: Facts | undefined;

/** 'distributions' → 'distribution' (not 'business', 'gains' → 'gain'). */
function plainPlural(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** What a word (lemma or lower-case form) brings: its classes and its clusters. */
type Facts = {
  id: number;
  word: string;
  classes: readonly string[] | undefined;
  clusters: readonly [string, string] | undefined;
  /** LEMMA_FACTS of the word */
  lemma: LemmaFacts | undefined;
};
const FACTS: ReadonlyMap<string, Facts> = (() => {
  const map = new Map<string, Facts>();
  const facts = (word: string) => {
    const known = map.get(word) ?? {
      id: map.size,
      word,
      classes: undefined,
      clusters: undefined,
      lemma: undefined,
    };
    map.set(word, known);
    return known;
  };
  for (const [word, near] of CLUSTERS) facts(word).clusters = near;
  for (const [word, classes] of WORD_CLASSES) facts(word).classes = classes;
  for (const [word, lemma] of LEMMA_FACTS) facts(word).lemma = lemma;
  return map;
})();
