import type { Slot } from './phrase';
import { type Tokens, wordOf } from './tokenize';

/**
 * The matcher. A rule is compiled to one or more sequences of token slots. Sequences are indexed by
 * what their first slot accepts (a hash map of exact words, a map of 3-letter prefixes for stems, and a
 * list for numbers), so each token is looked up once instead of every rule being tried everywhere.
 * From a candidate start, a sequence runs as a bit-parallel NFA (one bit per slot, at most 31 slots)
 * over at most `slots.length` following tokens: the work per token is bounded by the policy, never by
 * the text, so a check is linear in the text's length and nothing can backtrack.
 */

export type TokenTest = (t: Tokens, i: number) => boolean;

export type Item = { test: TokenTest; optional: boolean };

/** Words that must not appear shortly before a match (e.g. negations). */
export type Guard = { words: ReadonlySet<string>; window: number; crossClause: boolean };

/** How a built-in rewrites its match for the suggestion (replace or drop words, append text). */
export type Rewrite = { replace: ReadonlyMap<string, string>; drop: ReadonlySet<string>; append: string };

export type Seq = {
  items: Item[];
  first: { words: string[]; stems: string[]; num: boolean };
  /** The token right before the match (soft gap) must be one of these. */
  prev: ReadonlySet<string> | null;
  before: Guard[];
  /** Words that must not appear within `window` tokens after the match (same sentence). */
  after: { words: ReadonlySet<string>; window: number } | null;
  rule: number;
  rewrite: Rewrite | null;
};

export type WordClasses = Record<string, readonly string[]>;

/** Build the tests of a parsed phrase's slots. `classes` resolves `@NAME` (built-ins only). */
/**
 * Collects the words and stems a policy looks at; once the vocabulary is built, `finalizers` give each
 * slot a bitmap over word ids so that testing a token is one array read.
 */
export type VocabCollector = {
  words: Set<string>;
  stems: Set<string>;
  finalizers: ((names: readonly string[]) => void)[];
};

export function compileSlots(
  slots: Slot[],
  classes: WordClasses,
  vocab: VocabCollector,
): { items: Item[]; first: Seq['first'] } {
  const items: Item[] = [];
  let first: Seq['first'] | null = null;
  const anyToken: TokenTest = () => true;
  for (const slot of slots) {
    if (slot.kind === 'gap') {
      for (let k = 0; k < slot.max; k++) items.push({ test: anyToken, optional: true });
      continue;
    }
    const words = new Set<string>();
    const stems: string[] = [];
    let anyNum = false;
    let fig = false;
    for (const alt of slot.alts) {
      if (alt.kind === 'word') words.add(alt.word);
      else if (alt.kind === 'stem') stems.push(alt.stem);
      else if (alt.kind === 'num') anyNum = true;
      else if (alt.name === 'FIG') fig = true;
      else {
        const list = classes[alt.name];
        if (!list) throw new Error(`Unknown word class @${alt.name}`);
        for (const w of list) words.add(w);
      }
    }
    for (const w of words) vocab.words.add(w);
    for (const s of stems) vocab.stems.add(s);
    const matches = (w: string) => {
      if (words.has(w)) return true;
      for (const s of stems) if (w.startsWith(s)) return true;
      return false;
    };
    let mask = new Uint8Array(0);
    vocab.finalizers.push((names) => {
      mask = new Uint8Array(names.length);
      for (let id = 1; id < names.length; id++) if (matches(names[id] as string)) mask[id] = 1;
    });
    const test: TokenTest = (t, i) => {
      const kind = t.num[i] as number;
      if (kind !== 0 && (anyNum || (fig && kind === 2))) return true;
      const id = t.wid[i] as number;
      if (id > 0) return mask[id] === 1;
      if (id === 0) return false;
      return matches(t.extras[-id - 1] as string);
    };
    if (!first) first = { words: [...words], stems, num: anyNum || fig };
    items.push({ test, optional: slot.optional });
  }
  if (!first) throw new Error('A phrase needs a word');
  if (items.length > 31) throw new Error('A phrase is too long');
  return { items, first };
}

/** Run one sequence from token `i`; the end token (exclusive) of the longest match, or -1. */
export function runSeq(seq: Seq, t: Tokens, i: number): number {
  const items = seq.items;
  const L = items.length;
  const accept = 1 << L;
  let mask = 1;
  let best = -1;
  for (let k = i; k < t.n && k - i < L; k++) {
    if (k > i && t.brk[k] !== 0) break;
    let next = 0;
    for (let p = 0; p < L; p++) {
      if ((mask >>> p) & 1 && (items[p] as Item).test(t, k)) next |= 1 << (p + 1);
    }
    // epsilon closure over optional slots
    for (let p = 0; p < L; p++) {
      if ((next >>> p) & 1 && (items[p] as Item).optional) next |= 1 << (p + 1);
    }
    if (next & accept) best = k + 1;
    mask = next & ~accept;
    if (mask === 0) break;
  }
  return best;
}

export function blockedBefore(guards: Guard[], t: Tokens, i: number): boolean {
  for (const g of guards) {
    for (let k = 1; k <= g.window; k++) {
      const j = i - k;
      if (j < 0) break;
      const gap = t.brk[j + 1] as number;
      if (gap === 2 || (gap === 1 && !g.crossClause)) break;
      if (g.words.has(wordOf(t, j))) return true;
    }
  }
  return false;
}

export function blockedAfter(after: Seq['after'], t: Tokens, end: number): boolean {
  if (!after) return false;
  for (let k = 0; k < after.window; k++) {
    const j = end + k;
    if (j >= t.n || t.brk[j] === 2) break;
    if (after.words.has(wordOf(t, j))) return true;
  }
  return false;
}

export type Index = {
  exact: Map<string, Seq[]>;
  /** `exact` by vocabulary word id. */
  byId: (Seq[] | undefined)[];
  stems: Map<number, { stem: string; seq: Seq }[]>;
  nums: Seq[];
};

/** The first three characters as a small integer key (collisions only cost a startsWith). */
function key3(w: string): number {
  return ((w.charCodeAt(0) & 0x3ff) << 20) | ((w.charCodeAt(1) & 0x3ff) << 10) | (w.charCodeAt(2) & 0x3ff);
}

export function buildIndex(seqs: Seq[], names: readonly string[]): Index {
  const exact = new Map<string, Seq[]>();
  const stems = new Map<number, { stem: string; seq: Seq }[]>();
  const nums: Seq[] = [];
  for (const seq of seqs) {
    for (const w of seq.first.words) {
      const list = exact.get(w);
      if (list) list.push(seq);
      else exact.set(w, [seq]);
    }
    for (const stem of seq.first.stems) {
      const k = key3(stem);
      const list = stems.get(k);
      if (list) list.push({ stem, seq });
      else stems.set(k, [{ stem, seq }]);
    }
    if (seq.first.num) nums.push(seq);
  }
  const byId = names.map((w) => exact.get(w));
  return { exact, byId, stems, nums };
}

export type Hit = { seq: Seq; from: number; to: number };

/** Every match of every sequence, as token ranges [from, to). */
export function scan(t: Tokens, index: Index): Hit[] {
  const hits: Hit[] = [];
  const tryAt = (seq: Seq, i: number) => {
    if (seq.prev) {
      if (i === 0 || t.brk[i] !== 0 || !seq.prev.has(wordOf(t, i - 1))) return;
    }
    const to = runSeq(seq, t, i);
    if (to < 0) return;
    if (blockedBefore(seq.before, t, i) || blockedAfter(seq.after, t, to)) return;
    hits.push({ seq, from: i, to });
  };
  const { exact, byId, stems, nums } = index;
  const hasStems = stems.size > 0;
  const hasNums = nums.length > 0;
  const { wid, num, stem, cand } = t;
  for (let c = 0; c < t.nc; c++) {
    const i = cand[c] as number;
    const id = wid[i] as number;
    const isNum = num[i] !== 0;
    if (id === 0 && !isNum) continue;
    const list = id > 0 ? byId[id] : id < 0 ? exact.get(t.extras[-id - 1] as string) : undefined;
    if (list) for (const seq of list) tryAt(seq, i);
    if (isNum) {
      if (hasNums) for (const seq of nums) tryAt(seq, i);
    } else if (hasStems && stem[i] === 1) {
      const w = wordOf(t, i);
      if (w.length < 3) continue;
      const entries = stems.get(key3(w));
      if (entries) for (const entry of entries) if (w.startsWith(entry.stem)) tryAt(entry.seq, i);
    }
  }
  return hits;
}
