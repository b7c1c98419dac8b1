import type { Sentence, Word } from '../sentences';
import { clustersOf } from './clusters';
import { misspelled, WORD_CLASSES } from './word-classes';

/**
 * Where the extractor puts each feature, by its parts: `kind:value` (`one`), or a pair `kind:a_b`
 * (`two`, with the kind's separator, PAIR_SEPARATOR). Each value is first given to `part`, once per word
 * for the several features it appears in. `sentenceFeatures` writes the names; the model (`classify.ts`)
 * numbers the parts and looks the numbers up in its weights, without building a name per feature: the
 * names cost more than the rest of a check's scoring.
 */
export interface FeatureSink<P> {
  part(value: string): P;
  one(kind: string, value: P): void;
  two(kind: PairKind, a: P, b: P): void;
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
  const tokens: P[] = [];
  /** each token's first class, or the token itself: the sequence for class bigrams */
  const abstract: P[] = [];
  /** whether abstract[i] is a class ('@assure'): class bigrams need one */
  const classed: boolean[] = [];
  const classes = new Set<string>();
  /** each token's fine cluster (or class, or itself): the sequence for cluster bigrams */
  const fine: P[] = [];
  let negatedFor = 0;
  let quoted = false;
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
    const part = sink.part(token);
    tokens.push(part);
    sink.one('w', part);
    const own = WORD_CLASSES.get(token) ?? (compound ? undefined : WORD_CLASSES.get(w.normal)) ?? NO_CLASSES;
    for (const c of own) {
      sink.one('c', sink.part(c));
      classes.add(c);
      // a claim in quotation marks is often a mention ('beware of "guaranteed" returns')
      if (quoted) sink.one('qc', sink.part(c));
    }
    const tag = own[0] === undefined ? token : (CLASS_TAGS.get(own[0]) as string);
    const tagPart = tag === token ? part : sink.part(tag);
    abstract.push(tagPart);
    classed.push(tag.startsWith('@'));
    const near = clustersOf(token) ?? (compound ? undefined : clustersOf(w.normal));
    if (near) {
      const finePart = sink.part(near[1]);
      sink.one('k', sink.part(near[0]));
      sink.one('kk', finePart);
      fine.push(finePart);
    } else fine.push(tagPart);
    // words shortly after a negation read differently ('not guaranteed', "can't go down")
    if (negatedFor > 0) {
      sink.one('n', part);
      for (const c of own) sink.one('nc', sink.part(c));
      negatedFor--;
    }
    if (NEGATIONS.has(w.lemma)) {
      sink.one('f', sink.part('negation'));
      negatedFor = 3;
    }
    const shape = SHAPE_OF.get(w.lemma);
    if (shape) sink.one('f', sink.part(shape));
    if (FIGURES.has(token)) sink.one('f', sink.part('figure'));
    if (w.pos === 'VERB' && w.normal !== w.lemma && w.normal.endsWith('ed')) {
      sink.one('f', sink.part('past-verb'));
    }
  }
  const start = sink.part('<s>');
  for (let i = 0; i < tokens.length; i++) {
    sink.two('b', i === 0 ? start : (tokens[i - 1] as P), tokens[i] as P);
    // '<s>' is no class
    if ((i > 0 && classed[i - 1]) || classed[i]) {
      sink.two('cb', i === 0 ? start : (abstract[i - 1] as P), abstract[i] as P);
    }
    sink.two('kb', i === 0 ? start : (fine[i - 1] as P), fine[i] as P);
  }
  const present = [...classes].sort();
  for (let i = 0; i < present.length; i++) {
    for (let j = i + 1; j < present.length; j++) {
      sink.two('cp', sink.part(present[i] as string), sink.part(present[j] as string));
    }
  }
  for (const frame of frames) sink.one('frame', sink.part(frame));
}

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
 * punctuation.
 */
function tokenOf(words: readonly Word[], i: number): string | null {
  const w = words[i] as Word;
  if (w.pos === 'PUNCT') return null;
  if (w.pos !== 'NUM' && !/\d/.test(w.normal)) {
    // wink-nlp leaves capitalised words (sentence starts, PROPN) unlemmatised: 'Distributions'
    const lemma = w.lemma === w.normal && w.pos === 'PROPN' ? plainPlural(w.normal) : w.lemma;
    return misspelled(lemma) ?? lemma;
  }
  const next = words[i + 1]?.normal ?? '';
  const prev = words[i - 1]?.normal ?? '';
  if (next === '%' || next === 'percent' || next === 'pct' || w.normal.endsWith('%')) return '<pct>';
  if (next === 'x' || next === 'x.' || next === '\u00d7' || /^\d+(\.\d+)?x$/.test(w.normal)) return '<mult>';
  if (next === 'bps' || next === 'basis' || w.normal.endsWith('bps')) return '<bps>';
  if (CURRENCY.has(prev) || /^[$\u20ac\u00a3]/.test(w.normal)) return '<money>';
  if (/^(19|20)\d\d$/.test(w.normal)) return '<year>';
  if (/^(q[1-4]|h[12]|fy\d\d)$/.test(w.normal)) return '<period>';
  if (w.pos === 'NUM') return '<num>';
  return w.lemma;
}

/** 'distributions' → 'distribution' (not 'business', 'gains' → 'gain'). */
function plainPlural(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
