import type { Sentence, Word } from '../sentences';
import { matchCase } from '../suggest';
import { CURRENCY, NEGATORS, SCOPE_BREAKERS, UNITS } from './words';

/** A sentence as the frames read it: its words, and the clause each word is in. */
export type View = { sentence: Sentence; words: Word[]; clause: readonly number[] };

/** How far back a negation reaches (words): scans stay bounded, so a check stays linear. */
const NEGATION_REACH = 12;

/** 'no doubt', 'not only', 'no matter': a negation word that does not negate what follows. */
const NOT_NEGATING = new Set([
  'doubt',
  'question',
  'wonder',
  'surprise',
  'only',
  'matter',
  'exception',
  'less',
]);

/** Punctuation that ends a clause (hyphens and quotes do not). */
const CLAUSE_MARKS = new Set([',', ';', ':', '(', ')', '[', ']', '—', '–', '!', '?', '...', '…']);

export function viewOf(sentence: Sentence): View {
  const { words } = sentence;
  // a plain array: a typed array costs more to make than this loop for a sentence's few words
  const clause: number[] = [];
  let c = 0;
  for (let i = 0; i < words.length; i++) {
    if (CLAUSE_MARKS.has((words[i] as Word).normal)) c++;
    clause.push(c);
  }
  return { sentence, words, clause };
}

/** Whether word `i` is in `set` by its lower-cased form or its lemma. */
export function has(v: View, i: number, set: ReadonlySet<string>): boolean {
  const w = v.words[i];
  return w !== undefined && (set.has(w.normal) || (w.lemma !== w.normal && set.has(w.lemma)));
}

export function norm(v: View, i: number): string {
  return v.words[i]?.normal ?? '';
}

export function lemma(v: View, i: number): string {
  return v.words[i]?.lemma ?? '';
}

export function pos(v: View, i: number): string {
  return v.words[i]?.pos ?? '';
}

export function sameClause(v: View, i: number, j: number): boolean {
  return i >= 0 && j >= 0 && i < v.words.length && j < v.words.length && v.clause[i] === v.clause[j];
}

/** The end (exclusive) of a figure starting at word `i` (9%, 1.8x, $12, €5m, 2.5 times), or -1. */
export function figureAt(v: View, i: number): number {
  let k = i;
  let money = false;
  if (has(v, k, CURRENCY)) {
    money = true;
    k++;
  }
  const value = norm(v, k);
  // /^\d/ and /[%x×]$/, without a RegExp call a word
  const first = value.charCodeAt(0);
  if (pos(v, k) !== 'NUM' && !(first >= 48 && first <= 57)) return -1;
  k++;
  if (value.endsWith('%') || value.endsWith('x') || value.endsWith('×')) return k;
  if (has(v, k, UNITS)) return k + 1;
  return money ? k : -1;
}

/** The first figure in words [from, to) of the clause of `from`, as [start, end), or null. */
export function findFigure(v: View, from: number, to: number): [number, number] | null {
  for (let k = from; k < Math.min(to, v.words.length) && sameClause(v, from, k); k++) {
    const end = figureAt(v, k);
    if (end > 0) return [k, end];
  }
  return null;
}

/**
 * Whether word `i` is negated: a negation earlier in its clause with no 'but' between, or a
 * sentence-initial negative ('No strategy we run is risk-free', 'Nothing here is a promise').
 * wink-nlp's own negation flag runs to the sentence end, too far for 'not A, but B'.
 */
export function negatedAt(v: View, i: number, notBefore = 0): boolean {
  for (let k = i - 1; k >= Math.max(notBefore, i - NEGATION_REACH); k--) {
    if (has(v, k, SCOPE_BREAKERS)) return false;
    if (v.clause[k] !== v.clause[i]) break;
    if (has(v, k, NEGATORS) && !has(v, k + 1, NOT_NEGATING)) return true;
  }
  const first = norm(v, 0);
  if (
    (first === 'no' || first === 'nothing' || first === 'none' || first === 'neither') &&
    i > 0 &&
    i <= 2 * NEGATION_REACH &&
    !has(v, 1, NOT_NEGATING)
  ) {
    for (let k = 1; k < i; k++) if (has(v, k, SCOPE_BREAKERS)) return false;
    return notBefore === 0;
  }
  return false;
}

/**
 * Rewrite words [from, to) of the sentence: `replace` maps a word index to its replacement ('' drops
 * it), the rest is kept as written with the spaces between; each replacement takes the capitalisation
 * of the word it replaces, and `append` is added at the end.
 */
export function rewrite(
  v: View,
  from: number,
  to: number,
  replace: ReadonlyMap<number, string>,
  append = '',
): string {
  const { words, sentence } = v;
  const base = sentence.start;
  let out = '';
  let capitaliseNext = false;
  for (let k = from; k < to; k++) {
    const w = words[k] as Word;
    const gap = k > from ? sentence.text.slice((words[k - 1] as Word).end - base, w.start - base) : '';
    const rep = replace.get(k);
    if (rep === '') {
      if (out === '' && w.value.charAt(0) !== w.value.charAt(0).toLowerCase()) capitaliseNext = true;
      continue;
    }
    let piece = rep === undefined ? w.value : matchCase(w.value.replace(/^['’]/, ''), rep);
    // "You'll" → "You may": a replaced contraction needs the space it did not have
    const sep = rep !== undefined && /^['’]/.test(w.value) && gap === '' ? ' ' : gap;
    if (capitaliseNext) {
      piece = piece.charAt(0).toUpperCase() + piece.slice(1);
      capitaliseNext = false;
    }
    out += out === '' ? piece : sep + piece;
  }
  return out + append;
}
