/**
 * One left-to-right pass over the text that yields word and number tokens with exact UTF-16 offsets.
 *
 * Between two tokens the gap is classified once:
 * - 0 (soft): only whitespace with at most one line break, hyphens and dashes used as hyphens
 *   (- U+2010 U+2011 U+2012 U+2013), straight and curly quotes, currency signs, '*', '_', '/', '&', '+'.
 *   Phrases match across soft gaps, so 'risk free', 'risk-free', 'risk\u2011free' and '“risk-free”' are alike.
 * - 1 (clause): commas, colons, semicolons, brackets, the em dash and other punctuation.
 * - 2 (sentence): '.', '!', '?', '…' and blank lines (two or more line breaks).
 *
 * Words are lower-cased and curly apostrophes are normalised to "'", so "Can’t" becomes "can't".
 * Numbers keep their unit: '12%', '12 percent' and '12 per cent' get unit '%', '2.0x' and '2×' get 'x',
 * '150bps' and '150 basis points' get 'bps'.
 */
export type Tokens = {
  n: number;
  start: Int32Array;
  end: Int32Array;
  /**
   * The word of each token (read it with `wordOf`): > 0 an index into `names` (the vocabulary),
   * < 0 an index into `extras` (-1 is extras[0]), 0 a word the vocabulary does not know ('').
   */
  wid: Int32Array;
  names: readonly string[];
  extras: string[];
  /** 0 for a word, 1 for a number, 2 for a figure: a number with a %, x or bps unit. */
  num: Uint8Array;
  /**
   * 1 when the word may start with one of the vocabulary's stems (always 1 without a vocabulary); set
   * for the tokens of `cand` only.
   */
  stem: Uint8Array;
  /** The tokens where a rule may start (words that start a rule, stems, numbers), `nc` of them. */
  cand: Int32Array;
  nc: number;
  /** The gap before the token: 0 soft, 1 clause break, 2 sentence break (the first token has 2). */
  brk: Uint8Array;
};

import { allowedEdits, buildFuzzy, type FuzzyIndex, fuzzyMatch, MAX_FUZZY, MIN_FUZZY } from './fuzzy';

const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u;
const TABLE_SIZE = 0x3000;
/** 1 for a letter or digit (code points below 0x3000, built once); others use the regex. */
const WORD_TABLE = (() => {
  const table = new Uint8Array(TABLE_SIZE);
  for (let c = 0; c < TABLE_SIZE; c++) {
    if (c < 128) {
      table[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 1 : 0;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      table[c] = 0;
    } else {
      table[c] = NON_ASCII_WORD.test(String.fromCharCode(c)) ? 1 : 0;
    }
  }
  // never part of a word
  for (const c of [0xd7, 0x2026]) table[c] = 0;
  return table;
})();

function isLetterOrDigit(c: number): boolean {
  if (c < TABLE_SIZE) return WORD_TABLE[c] === 1;
  return NON_ASCII_WORD.test(String.fromCharCode(c));
}

const NEWLINE = 3;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isApostrophe(c: number): boolean {
  return c === 0x27 || c === 0x2019 || c === 0x02bc;
}

/** The break level of one gap character. */
function gapLevel(c: number): number {
  switch (c) {
    case 0x20: // space
    case 0x09: // tab
    case 0x0d: // CR
    case 0x0a: // LF (blank lines are counted by the caller)
    case 0xa0: // no-break space
    case 0x202f: // narrow no-break space
    case 0x2009: // thin space
    case 0x2d: // -
    case 0x2010: // hyphen
    case 0x2011: // non-breaking hyphen
    case 0x2012: // figure dash
    case 0x2013: // en dash (ranges: 12–15%)
    case 0xad: // soft hyphen
    case 0x22: // "
    case 0x27: // '
    case 0x60: // `
    case 0x2018:
    case 0x2019:
    case 0x201c:
    case 0x201d:
    case 0x201e:
    case 0xab:
    case 0xbb:
    case 0x24: // $
    case 0x20ac: // €
    case 0xa3: // £
    case 0x7e: // ~
    case 0x2248: // ≈
    case 0x2a: // *
    case 0x5f: // _
    case 0x2f: // /
    case 0x26: // &
    case 0x2b: // +
    case 0x23: // #
      return 0;
    case 0x2e: // .
    case 0x21: // !
    case 0x3f: // ?
    case 0x2026: // …
      return 2;
    default:
      return 1;
  }
}

const UNIT_WORDS: readonly [string, string][] = [
  ['percent', '%'],
  ['per cent', '%'],
  ['pct', '%'],
  ['bps', 'bps'],
  ['basis points', 'bps'],
];

/** 'percent', 'per cent', 'pct', 'bps', 'basis points' right after a number (soft gap), as [end, unit]. */
function unitWordAfter(text: string, at: number): [number, string] | null {
  let p = at;
  while (p < text.length && (text.charCodeAt(p) === 0x20 || text.charCodeAt(p) === 0xa0)) p++;
  if (p === at || p >= text.length) return null;
  const c = text.charCodeAt(p) | 0x20;
  if (c !== 0x70 && c !== 0x62) return null; // p or b
  const rest = text.slice(p, p + 12).toLowerCase();
  for (const [w, unit] of UNIT_WORDS) {
    if (rest.startsWith(w)) {
      const after = p + w.length;
      if (after < text.length && isLetterOrDigit(text.charCodeAt(after))) continue;
      return [after, unit];
    }
  }
  return null;
}

/**
 * The words a compiled policy can look at. With a vocabulary, a token whose lower-cased text is not in
 * it (and does not start with one of its stems) gets the word '' instead of a new string: recognising
 * a word costs a rolling hash and an open-addressing table look-up, and a text's words allocate nothing.
 */
export type Vocab = {
  /** The vocabulary's words; names[0] is ''. */
  names: string[];
  /** Open-addressing table of word ids (0 = empty) by hash, and each id's full 32-bit hash. */
  table: Int32Array;
  tableMask: number;
  hashes: Int32Array;
  /** The vocabulary's words as one array of characters: word id's are chars[offsets[id], offsets[id + 1]). */
  chars: Uint16Array;
  offsets: Int32Array;
  /** Whether lower-casing leaves every character of `chars` as it is (the words are lower-cased). */
  folded: boolean;
  /** Open-addressing table of the stems' hashes (& SMI_MASK; -1 = empty). */
  stemTable: Int32Array;
  stemMask: number;
  /** The distinct lengths of the stems, ascending. */
  stemLens: Int32Array;
  /** stemFirst[first char & 31] is 1 when some stem starts with that character. */
  stemFirst: Uint8Array;
  /** Whether number tokens need their text (a lexicon term with a number). */
  numeric: boolean;
  /** lenFirst[min(length, 31) * 32 + (first char & 31)] is 1 when some word has that length and start. */
  lenFirst: Uint8Array;
  /**
   * The three first-letter tests of a word in one read, by the same index as lenFirst: 1 lenFirst,
   * 2 stemFirst, 4 fuzzyLengths (a misspelling of that length and start is possible).
   */
  gate: Uint8Array;
  /** starts[id] is 1 when a rule can start at the word; set by the compiler (all 1 until then). */
  starts: Uint8Array;
  /** Misspellings: the target words by first letter, and per first letter (& 31) the lengths they admit. */
  fuzzy: FuzzyIndex | null;
  fuzzyLengths: Uint32Array;
};

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const MAX_STEM = 64;
/** Map keys stay small integers (no boxed numbers). */
const SMI_MASK = 0x3fffffff;

function lowerCodeOf(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  if (c === 0x2019 || c === 0x02bc) return 0x27;
  const l = String.fromCharCode(c).toLowerCase();
  return l.length === 1 ? l.charCodeAt(0) : c;
}

/**
 * What the tokenizer needs of a character, in one read: a letter or digit gives its lower-cased code
 * (> 0), any other character -1 - its class (NEWLINE, or the gap level: 0 soft, 1 clause, 2 sentence).
 * Built once below TABLE_SIZE, as it is read for every character of the text.
 */
const FOLD = Int32Array.from({ length: TABLE_SIZE }, (_, c) =>
  WORD_TABLE[c] === 1 ? lowerCodeOf(c) : -1 - (c === 0x0a ? NEWLINE : gapLevel(c)),
);

function foldOf(c: number): number {
  if (c < TABLE_SIZE) return FOLD[c] as number;
  return NON_ASCII_WORD.test(String.fromCharCode(c)) ? lowerCodeOf(c) : -1 - gapLevel(c);
}

/** lowerCodeOf below TABLE_SIZE, built once: sameWord and hasStem read it for every character. */
const LOWER = Uint16Array.from({ length: TABLE_SIZE }, (_, c) => lowerCodeOf(c));

function hashFull(w: string): number {
  let h = FNV_OFFSET;
  for (let k = 0; k < w.length; k++) h = Math.imul(h ^ w.charCodeAt(k), FNV_PRIME);
  return h;
}

function hashWord(w: string): number {
  return hashFull(w) & SMI_MASK;
}

/**
 * The vocabulary of a policy: `words` and `stems` its rules look at, and `fuzzy` the words a misspelt
 * word may stand for (see fuzzy.ts).
 */
export function buildVocab(
  words: Iterable<string>,
  stems: Iterable<string>,
  fuzzy: Iterable<string> = [],
): Vocab {
  const names: string[] = [''];
  const seen = new Set<string>();
  const lenFirst = new Uint8Array(32 * 32);
  let numeric = false;
  for (const w of words) {
    if (!w) continue;
    lenFirst[Math.min(w.length, 31) * 32 + (w.charCodeAt(0) & 31)] = 1;
    if (w.charCodeAt(0) >= 48 && w.charCodeAt(0) <= 57) numeric = true;
    if (seen.has(w)) continue;
    seen.add(w);
    names.push(w);
  }
  let size = 64;
  while (size < names.length * 4) size *= 2;
  const table = new Int32Array(size);
  const hashes = new Int32Array(names.length);
  for (let id = 1; id < names.length; id++) {
    const h = hashFull(names[id] as string);
    hashes[id] = h;
    let slot = h & (size - 1);
    while (table[slot] !== 0) slot = (slot + 1) & (size - 1);
    table[slot] = id;
  }
  const stemHashes = new Set<number>();
  const stemLens = new Set<number>();
  const offsets = new Int32Array(names.length + 1);
  for (let id = 0; id < names.length; id++)
    offsets[id + 1] = (offsets[id] as number) + (names[id] as string).length;
  const chars = new Uint16Array(offsets[names.length] as number);
  let folded = true;
  for (let id = 1; id < names.length; id++) {
    const w = names[id] as string;
    for (let k = 0; k < w.length; k++) {
      chars[(offsets[id] as number) + k] = w.charCodeAt(k);
      if (lowerCodeOf(w.charCodeAt(k)) !== w.charCodeAt(k)) folded = false;
    }
  }
  const stemFirst = new Uint8Array(32);
  for (const s of stems) {
    if (!s || s.length > MAX_STEM) continue;
    stemHashes.add(hashWord(s));
    stemLens.add(s.length);
    stemFirst[s.charCodeAt(0) & 31] = 1;
  }
  let stemSize = 16;
  while (stemSize < stemHashes.size * 4) stemSize *= 2;
  const stemTable = new Int32Array(stemSize).fill(-1);
  for (const m of stemHashes) {
    let slot = m & (stemSize - 1);
    while (stemTable[slot] !== -1) slot = (slot + 1) & (stemSize - 1);
    stemTable[slot] = m;
  }
  const ids = new Map(names.map((w, id) => [w, id]));
  const targets: [string, number][] = [];
  const fuzzyLengths = new Uint32Array(32);
  for (const w of fuzzy) {
    const id = ids.get(w);
    if (id === undefined || id === 0 || w.length < MIN_FUZZY) continue;
    targets.push([w, id]);
    const first = w.charCodeAt(0) & 31;
    for (let len = MIN_FUZZY; len <= MAX_FUZZY; len++) {
      if (Math.abs(len - w.length) <= allowedEdits(len)) {
        fuzzyLengths[first] = (fuzzyLengths[first] as number) | (1 << len);
      }
    }
  }
  const gate = new Uint8Array(32 * 32);
  for (let len = 0; len < 32; len++) {
    for (let first = 0; first < 32; first++) {
      const fuzzyLength = len <= MAX_FUZZY && (((fuzzyLengths[first] as number) >>> len) & 1) === 1;
      gate[len * 32 + first] =
        (lenFirst[len * 32 + first] as number) | ((stemFirst[first] as number) << 1) | (fuzzyLength ? 4 : 0);
    }
  }
  return {
    gate,
    fuzzy: targets.length > 0 ? buildFuzzy(targets) : null,
    fuzzyLengths,
    starts: new Uint8Array(names.length).fill(1),
    names,
    table,
    tableMask: size - 1,
    hashes,
    chars,
    offsets,
    folded,
    stemTable,
    stemMask: stemSize - 1,
    stemLens: Int32Array.from([...stemLens].sort((a, b) => a - b)),
    stemFirst,
    numeric,
    lenFirst,
  };
}

/** Stands in for a missing vocabulary, so that tokenize reads the same fields either way. */
const NO_VOCAB = buildVocab([], []);

/** Whether the text at `s` spells `name` (lower-cased). */
function sameWord(v: Vocab, id: number, text: string, s: number): boolean {
  // locals and literals, not module constants, in the loop (see tokenize)
  const { chars, offsets, folded } = v;
  const lower = LOWER;
  const from = offsets[id] as number;
  const to = offsets[id + 1] as number;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(s + k - from);
    // a character equal to the word's is equal lower-cased (when the words are)
    if (c === chars[k] && folded) continue;
    if (chars[k] !== (c < 0x3000 ? (lower[c] as number) : lowerCodeOf(c))) return false;
  }
  return true;
}

/**
 * The id of the word text[s, s + length) with hash `h` in an open-addressing table of vocabulary ids,
 * or 0.
 */
function lookup(
  table: Int32Array,
  mask: number,
  v: Vocab,
  text: string,
  s: number,
  length: number,
  h: number,
): number {
  const { hashes, offsets } = v;
  for (let slot = h & mask; ; slot = (slot + 1) & mask) {
    const known = table[slot] as number;
    if (known === 0) return 0;
    if (hashes[known] !== h || (offsets[known + 1] as number) - (offsets[known] as number) !== length)
      continue;
    if (sameWord(v, known, text, s)) return known;
  }
}

/** Whether text[s, e) starts with one of the vocabulary's stems (by the prefix hashes). */
function hasStem(text: string, s: number, e: number, vocab: Vocab): boolean {
  // locals and literals, not module constants, in the loops (see tokenize)
  const { stemLens, stemTable, stemMask } = vocab;
  const lower = LOWER;
  let h = 0x811c9dc5 | 0;
  let k = 0;
  for (let j = 0; j < stemLens.length; j++) {
    const L = stemLens[j] as number;
    if (L > e - s) return false;
    for (; k < L; k++) {
      const c = text.charCodeAt(s + k);
      h = Math.imul(h ^ (c < 0x3000 ? (lower[c] as number) : lowerCodeOf(c)), 0x01000193);
    }
    const m = h & 0x3fffffff; // SMI_MASK
    for (let slot = m & stemMask; stemTable[slot] !== -1; slot = (slot + 1) & stemMask) {
      if (stemTable[slot] === m) return true;
    }
  }
  return false;
}

function normalisedSlice(text: string, s: number, e: number, curly: boolean): string {
  const w = text.slice(s, e).toLowerCase();
  return curly ? w.replace(/[\u2019\u02bc]/g, "'") : w;
}

type Buffers = {
  cap: number;
  start: Int32Array;
  end: Int32Array;
  num: Uint8Array;
  brk: Uint8Array;
  wid: Int32Array;
  stem: Uint8Array;
  cand: Int32Array;
};

function newBuffers(cap: number, old?: Buffers): Buffers {
  const b: Buffers = {
    cap,
    start: new Int32Array(cap),
    end: new Int32Array(cap),
    num: new Uint8Array(cap),
    brk: new Uint8Array(cap),
    wid: new Int32Array(cap),
    stem: new Uint8Array(cap),
    cand: new Int32Array(cap),
  };
  if (old) {
    b.cand.set(old.cand);
    b.start.set(old.start);
    b.end.set(old.end);
    b.num.set(old.num);
    b.brk.set(old.brk);
    b.wid.set(old.wid);
    b.stem.set(old.stem);
  }
  return b;
}

/** Buffers reused by tokenize(text, vocab): the checker uses its tokens only within one call. */
let pool: Buffers | null = null;

/**
 * Tokenise `text`. With a vocabulary (the checker's path) the returned arrays are reused by the next
 * call with a vocabulary, so use the tokens before tokenising again; arrays may be longer than `n`.
 */
export function tokenize(text: string, vocab?: Vocab): Tokens {
  const len = text.length;
  const want = Math.max(16, Math.ceil(len / 5));
  let b = vocab && pool && pool.cap >= want ? pool : newBuffers(want);
  let { cap, start, end, num, brk, wid, stem, cand } = b;
  let nc = 0;
  // without a vocabulary every word is kept as a string (and may start a rule)
  const plain = vocab === undefined;
  const v = vocab ?? NO_VOCAB;
  const { starts, gate, fuzzy, table, tableMask } = v;
  // most words are shorter than every stem: skip the prefix hashes for them
  const minStem = v.stemLens[0] ?? 0;
  const extras: string[] = [];
  // a module constant read in a loop costs a context load and a type check per character, so the
  // loops below read FOLD through a local and write TABLE_SIZE (0x3000) and the FNV constants out
  const fold = FOLD;
  let n = 0;
  let gap = 2;
  let newlines = 0;
  let i = 0;
  while (i < len) {
    let c = text.charCodeAt(i);
    let f = c < 0x3000 ? (fold[c] as number) : foldOf(c);
    if (f < 0) {
      // the gap before the next token, in its own loop: a gap character needs none of the token state
      for (;;) {
        if (f === -4) {
          // a line break (-1 - NEWLINE)
          newlines++;
          if (newlines >= 2) gap = 2;
        } else if (-1 - f > gap) gap = -1 - f;
        if (++i >= len) break;
        c = text.charCodeAt(i);
        f = c < 0x3000 ? (fold[c] as number) : foldOf(c);
        if (f >= 0) break;
      }
      if (i >= len) break;
    }
    if (n === cap) {
      b = newBuffers(cap * 2, b);
      ({ cap, start, end, num, brk, wid, stem, cand } = b);
    }
    const s = i;
    let id = 0;
    if (isDigit(c)) {
      let u = '';
      i++;
      while (i < len) {
        const d = text.charCodeAt(i);
        if (isDigit(d)) i++;
        else if ((d === 0x2e || d === 0x2c) && i + 1 < len && isDigit(text.charCodeAt(i + 1))) i += 2;
        else break;
      }
      const d = i < len ? text.charCodeAt(i) : 0;
      if (d === 0x25) {
        i++;
        u = '%';
      } else if (d === 0xd7) {
        i++;
        u = 'x';
      } else if (d !== 0 && isLetterOrDigit(d)) {
        const us = i;
        while (i < len && isLetterOrDigit(text.charCodeAt(i))) i++;
        u = text.slice(us, i).toLowerCase();
      } else {
        const after = unitWordAfter(text, i);
        if (after) {
          // '| 0' keeps i an int32 in V8 (an array element or a call's result is a tagged number, and
          // every token store would convert it)
          i = after[0] | 0;
          u = after[1];
        }
      }
      num[n] = u === '%' || u === 'x' || u === 'bps' ? 2 : 1;
      stem[n] = 0;
      cand[nc++] = n;
      if (plain || v.numeric) {
        extras.push(normalisedSlice(text, s, i, false));
        id = -extras.length | 0;
      }
    } else {
      let curly = false;
      let h = Math.imul(0x811c9dc5 ^ f, 0x01000193);
      i++;
      while (i < len) {
        const d = text.charCodeAt(i);
        // a-z (most letters) fold to themselves
        if ((d - 97) >>> 0 < 26) {
          h = Math.imul(h ^ d, 0x01000193);
          i++;
          continue;
        }
        const g = d < 0x3000 ? (fold[d] as number) : foldOf(d);
        if (g > 0) {
          h = Math.imul(h ^ g, 0x01000193);
          i++;
        } else if (
          isApostrophe(d) &&
          i + 1 < len &&
          isLetterOrDigit(text.charCodeAt(i + 1)) &&
          !isDigit(text.charCodeAt(i + 1))
        ) {
          if (d !== 0x27) curly = true;
          h = Math.imul(h ^ 0x27, 0x01000193);
          i++;
        } else break;
      }
      num[n] = 0;
      const length = i - s;
      const first = f & 31;
      let maybeStem = false;
      if (plain) {
        extras.push(normalisedSlice(text, s, i, curly));
        id = -extras.length | 0;
      } else {
        const g = gate[(length < 31 ? length : 31) * 32 + first] as number;
        maybeStem = (g & 2) !== 0 && length >= minStem && hasStem(text, s, i, v);
        if ((g & 1) !== 0) id = lookup(table, tableMask, v, text, s, length, h);
        if (id === 0 && (g & 4) !== 0 && fuzzy !== null && !curly) {
          // a word the vocabulary does not know may be a misspelling of a lexicon word
          id = fuzzyMatch(fuzzy, text, s, i) | 0;
        }
        if (id === 0 && maybeStem) {
          extras.push(normalisedSlice(text, s, i, curly));
          id = -extras.length | 0;
        }
      }
      if (id < 0 || maybeStem || (id > 0 && starts[id] === 1)) {
        stem[n] = plain || maybeStem ? 1 : 0;
        cand[nc++] = n;
      }
    }
    // '| 0': V8 then stores a small integer as is, not by way of a double
    start[n] = s | 0;
    end[n] = i | 0;
    brk[n] = gap | 0;
    wid[n] = id | 0;
    n++;
    gap = 0;
    newlines = 0;
  }
  if (!plain) pool = b;
  return {
    n,
    start,
    end,
    wid,
    names: plain ? [''] : v.names,
    extras,
    num,
    stem,
    cand,
    nc,
    brk,
  };
}

/** The lower-cased word of token `i` ('' when the vocabulary does not know it). */
export function wordOf(t: Tokens, i: number): string {
  const id = t.wid[i] as number;
  return id >= 0 ? (t.names[id] as string) : (t.extras[-id - 1] as string);
}
