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

/**
 * What one slot accepts, as data so that the matcher's loop reads it without a call per token: any
 * token (a gap), or a number (any, or a figure), or a word of `words` or starting with one of `stems`.
 * `mask[id]` answers for the vocabulary's words (set once the vocabulary is built).
 */
export type Item = {
  any: boolean;
  anyNum: boolean;
  fig: boolean;
  words: ReadonlySet<string>;
  stems: readonly string[];
  mask: Uint8Array;
  optional: boolean;
};

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
  /** The second slot when a match must fill it with the token right after the first (set by buildIndex). */
  second?: Item | null;
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

const NO_WORDS = new Uint8Array(0);

/** A slot of words (and stems, numbers); its mask is filled in once the vocabulary is built. */
export function wordItem(
  words: ReadonlySet<string>,
  stems: readonly string[],
  num: { anyNum: boolean; fig: boolean },
  optional: boolean,
  vocab: VocabCollector,
): Item {
  for (const w of words) vocab.words.add(w);
  for (const stem of stems) vocab.stems.add(stem);
  const item: Item = { any: false, anyNum: num.anyNum, fig: num.fig, words, stems, mask: NO_WORDS, optional };
  vocab.finalizers.push((names) => {
    item.mask = new Uint8Array(names.length);
    for (let id = 1; id < names.length; id++) if (matchesWord(item, names[id] as string)) item.mask[id] = 1;
  });
  return item;
}

function matchesWord(item: Item, w: string): boolean {
  if (item.words.has(w)) return true;
  for (const stem of item.stems) if (w.startsWith(stem)) return true;
  return false;
}

const ANY_TOKEN: Item = {
  any: true,
  anyNum: false,
  fig: false,
  words: new Set(),
  stems: [],
  mask: NO_WORDS,
  optional: true,
};

/** Whether a token fills the slot, by its number kind and word id (see Tokens). */
function accepts(item: Item, kind: number, id: number, t: Tokens): boolean {
  if (item.any) return true;
  if (kind !== 0 && (item.anyNum || (item.fig && kind === 2))) return true;
  if (id > 0) return item.mask[id] === 1;
  if (id === 0) return false;
  return matchesWord(item, t.extras[-id - 1] as string);
}

export function compileSlots(
  slots: Slot[],
  classes: WordClasses,
  vocab: VocabCollector,
): { items: Item[]; first: Seq['first'] } {
  const items: Item[] = [];
  let first: Seq['first'] | null = null;
  for (const slot of slots) {
    if (slot.kind === 'gap') {
      for (let k = 0; k < slot.max; k++) items.push(ANY_TOKEN);
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
    if (!first) first = { words: [...words], stems, num: anyNum || fig };
    items.push(wordItem(words, stems, { anyNum, fig }, slot.optional, vocab));
  }
  if (!first) throw new Error('A phrase needs a word');
  if (items.length > 31) throw new Error('A phrase is too long');
  return { items, first };
}

/** Run one sequence from token `i`; the end token (exclusive) of the longest match, or -1. */
export function runSeq(seq: Seq, t: Tokens, i: number): number {
  const items = seq.items;
  const { n, brk, num, wid } = t;
  const L = items.length;
  const accept = 1 << L;
  let mask = 1;
  let best = -1;
  for (let k = i; k < n && k - i < L; k++) {
    if (k > i && brk[k] !== 0) break;
    const kind = num[k] as number;
    const id = wid[k] as number;
    let next = 0;
    // only the slots reached so far (the set bits of mask, lowest first)
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const p = 31 - Math.clz32(rest & -rest);
      if (accepts(items[p] as Item, kind, id, t)) next |= 1 << (p + 1);
    }
    // epsilon closure: a reached optional slot also reaches the next one (which the loop then visits)
    for (let rest = next & ~accept; rest !== 0; rest &= rest - 1) {
      const p = 31 - Math.clz32(rest & -rest);
      if (p < L && (items[p] as Item).optional) {
        next |= 1 << (p + 1);
        rest |= 1 << (p + 1);
      }
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
    const next = seq.items[1];
    seq.second = next && !next.optional && !next.any ? next : null;
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
    // runSeq's second step, without its set-up: most sequences tried fail on the next token
    const second = seq.second;
    if (second) {
      const k = i + 1;
      if (k >= t.n || t.brk[k] !== 0 || !accepts(second, t.num[k] as number, t.wid[k] as number, t)) return;
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
