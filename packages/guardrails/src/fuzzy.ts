/**
 * Spelling-tolerant matching of the lexicon ('garanteed', 'guarenteed', 'gauranteed' for 'guaranteed'):
 * a word the vocabulary does not know may stand for a target word within a small edit distance (one
 * edit for words of 6-8 letters, two from 9), counting a swap of two neighbours as one edit. Cheap
 * tests come first (same first letter, length, the set of letters used), so the rule layer keeps its
 * speed: most words never reach the distance computation.
 */

export type FuzzyTarget = { id: number; word: string; mask: number };

/** Targets by the first letter (a-z as 0-25). */
export type FuzzyIndex = (FuzzyTarget[] | undefined)[];

/** Real words one or two edits from a target: never read as its misspelling. */
const REAL_WORDS: ReadonlySet<string> = new Set([
  'guarantor',
  'guarantors',
  'guaranty',
  'guaranties',
  'invent',
  'invents',
  'infest',
  'inverse',
  'investor',
  'shoulder',
  'shouted',
  'protected',
  'projector',
  'projects',
  'outperforms',
  'outperformed',
  'riskier',
]);

export const MIN_FUZZY = 6;
export const MAX_FUZZY = 16;

export function allowedEdits(length: number): number {
  return length >= 9 ? 2 : length >= MIN_FUZZY ? 1 : 0;
}

function letterMask(w: string): number {
  let m = 0;
  for (let k = 0; k < w.length; k++) {
    const c = w.charCodeAt(k) - 97;
    if (c >= 0 && c < 26) m |= 1 << c;
  }
  return m;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function buildFuzzy(targets: Iterable<[string, number]>): FuzzyIndex {
  const index: FuzzyIndex = new Array(26);
  for (const [word, id] of targets) {
    if (word.length < MIN_FUZZY || !/^[a-z]+$/.test(word)) continue;
    const first = word.charCodeAt(0) - 97;
    const list = index[first] ?? [];
    list.push({ id, word, mask: letterMask(word) });
    index[first] = list;
  }
  return index;
}

/** The three rows of editDistance, reused: a misspelt word must not cost an allocation. */
let rows = new Int32Array(3 * 32);

/** Optimal string alignment distance of a and b, or max + 1 once it must exceed max. */
function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  // rows at offsets: the row before the previous, the previous, the current
  let prev2 = 0;
  let prev = width;
  let cur = 2 * width;
  rows.fill(0, 0, 3 * width);
  for (let j = 0; j <= m; j++) rows[prev + j] = j;
  for (let i = 1; i <= n; i++) {
    rows[cur] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(
        (rows[prev + j] as number) + 1,
        (rows[cur + j - 1] as number) + 1,
        (rows[prev + j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        v = Math.min(v, (rows[prev2 + j - 2] as number) + 1);
      }
      rows[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const oldest = prev2;
    prev2 = prev;
    prev = cur;
    cur = oldest;
  }
  return rows[prev + m] as number;
}

/**
 * The vocabulary id the word text[s, e) is a misspelling of, or 0. The cheap tests read the text in
 * place; a string is made only for a word that passes them.
 */
export function fuzzyMatch(index: FuzzyIndex, text: string, s: number, e: number): number {
  const first = (text.charCodeAt(s) | 0x20) - 97;
  const list = first >= 0 && first < 26 ? index[first] : undefined;
  const length = e - s;
  const max = allowedEdits(length);
  if (!list || max === 0) return 0;
  let mask = 0;
  for (let k = s; k < e; k++) {
    const c = (text.charCodeAt(k) | 0x20) - 97;
    if (c < 0 || c >= 26) return 0; // letters only
    mask |= 1 << c;
  }
  let word = '';
  let best = 0;
  let bestDistance = max + 1;
  for (const target of list) {
    if (Math.abs(target.word.length - length) > max) continue;
    // each edit adds or removes at most two letters from the set of letters used
    if (popcount(mask ^ target.mask) > 2 * max) continue;
    if (word === '') {
      word = text.slice(s, e).toLowerCase();
      if (REAL_WORDS.has(word)) return 0;
    }
    const d = editDistance(word, target.word, max);
    if (d < bestDistance) {
      bestDistance = d;
      best = target.id;
    }
  }
  return best;
}
