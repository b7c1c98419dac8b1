import type { Sentence, Word } from '../sentences';
import { clustersOf } from './clusters';
import { misspelled, WORD_CLASSES } from './word-classes';

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
  const words = sentence.words;
  const tokens: string[] = [];
  /** each token's first class, or the token itself: the sequence for class bigrams */
  const abstract: string[] = [];
  const classes = new Set<string>();
  /** each token's fine cluster (or class, or itself): the sequence for cluster bigrams */
  const fine: string[] = [];
  let negatedFor = 0;
  let quoted = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const token = tokenOf(words, i);
    if (token === null) {
      if (QUOTES.has(w.normal)) {
        out.add('f:quote');
        quoted = !quoted;
      } else if (w.normal === '?') out.add('f:question');
      if (CLAUSE_BREAKS.has(w.normal)) negatedFor = 0;
      continue;
    }
    tokens.push(token);
    out.add(`w:${token}`);
    const own = WORD_CLASSES.get(token) ?? WORD_CLASSES.get(w.normal) ?? [];
    for (const c of own) {
      out.add(`c:${c}`);
      classes.add(c);
      // a claim in quotation marks is often a mention ('beware of "guaranteed" returns')
      if (quoted) out.add(`qc:${c}`);
    }
    abstract.push(own[0] ? `@${own[0]}` : token);
    const near = clustersOf(token) ?? clustersOf(w.normal);
    if (near) {
      out.add(`k:${near[0]}`);
      out.add(`kk:${near[1]}`);
    }
    fine.push(near ? `${near[1]}` : own[0] ? `@${own[0]}` : token);
    // words shortly after a negation read differently ('not guaranteed', "can't go down")
    if (negatedFor > 0) {
      out.add(`n:${token}`);
      for (const c of own) out.add(`nc:${c}`);
      negatedFor--;
    }
    if (NEGATIONS.has(w.lemma)) {
      out.add('f:negation');
      negatedFor = 3;
    }
    const shape = SHAPE_OF.get(w.lemma);
    if (shape) out.add(shape);
    if (FIGURES.has(token)) out.add('f:figure');
    if (w.pos === 'VERB' && w.normal !== w.lemma && w.normal.endsWith('ed')) out.add('f:past-verb');
  }
  for (let i = 0; i < tokens.length; i++) {
    out.add(`b:${i === 0 ? '<s>' : tokens[i - 1]}_${tokens[i]}`);
    const [a, b] = [i === 0 ? '<s>' : (abstract[i - 1] as string), abstract[i] as string];
    if (a.startsWith('@') || b.startsWith('@')) out.add(`cb:${a}_${b}`);
    out.add(`kb:${i === 0 ? '<s>' : fine[i - 1]}_${fine[i]}`);
  }
  const present = [...classes].sort();
  for (let i = 0; i < present.length; i++) {
    for (let j = i + 1; j < present.length; j++) out.add(`cp:${present[i]}+${present[j]}`);
  }
  for (const frame of frames) out.add(`frame:${frame}`);
  return [...out];
}

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

/** Words that say something about the sentence as a whole. */
const SHAPE_OF: ReadonlyMap<string, string> = new Map([
  ['will', 'f:future'],
  ['shall', 'f:future'],
  ['gonna', 'f:future'],
  ['should', 'f:modal'],
  ['could', 'f:modal'],
  ['may', 'f:modal'],
  ['might', 'f:modal'],
  ['would', 'f:modal'],
  ['can', 'f:modal'],
  ['must', 'f:modal'],
  ['we', 'f:first-person'],
  ['our', 'f:first-person'],
  ['us', 'f:first-person'],
  ['i', 'f:first-person'],
  ['you', 'f:second-person'],
  ['your', 'f:second-person'],
  ['yours', 'f:second-person'],
]);

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
