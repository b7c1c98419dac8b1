import { readSentencesIn, type Sentence } from '../sentences';
import type { Tokens } from '../tokenize';
import type { Severity } from '../types';
import { type Clearing, clearingOf, hedged, selfDisclaimed } from './context';
import { detectFrames, type FrameHit, type FrameId } from './detect';
import { type View, viewOf } from './view';

/**
 * The sentence layer: reads every sentence with wink-nlp (the classifier finds claims that carry no cue
 * word: 'Mark my words, this REIT is trading at $40 before Christmas'), finds the frames in them, and
 * decides which rule matches their context clears.
 */

/** A span of the text the rule layer matched, as the sentence layer sees it. */
export type RuleSpan = { start: number; end: number; forward: boolean };

/** A frame found in the text, with offsets and its setting's severity. */
export type FrameFlag = FrameHit & { start: number; end: number; severity: Severity; sentence: Sentence };

/** What the sentence layer tells the checker. */
export type SentenceVerdict = {
  frames: FrameFlag[];
  /** Per rule span (same order as given): why its context clears it, 'lower' to make it low, or null. */
  rules: (Clearing | 'disclaimed' | 'lower' | null)[];
  /** Every sentence read, with the names of the frames and context found in it (for the classifier). */
  read: { sentence: Sentence; tags: string[]; flagged: boolean }[];
};

export type FrameSettings = ReadonlyMap<FrameId, { severity: Severity }>;

function normalise(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the text carries the organisation's forward-looking disclaimer. */
export function carriesDisclaimer(text: string, disclaimer: string | undefined): boolean {
  const d = disclaimer ? normalise(disclaimer) : '';
  return d.length >= 10 && normalise(text).includes(d);
}

/**
 * Pieces longer than this (tokens) are cut at a clause break: a run-on text of 100 KB without a full
 * stop must not become one wink-nlp sentence.
 */
const MAX_TOKENS = 120;
/**
 * Longer words or gaps (characters) are never sent to wink-nlp, whose tokenizer is quadratic in them
 * (a 16 KB run of digits takes seconds); no claim hides in a 40-character word.
 */
const MAX_RUN = 40;
const OPENERS = '"“‘\'(«';
const CLOSERS = '.?!…"”’\')';

/**
 * The pieces of text [start, end) the sentence layer reads: sentences by the fast tokens, adjacent ones
 * merged so wink-nlp is called once for them, cut at words too long to read and in run-on text.
 */
function chosenRanges(text: string, t: Tokens): [number, number][] {
  const ranges: [number, number][] = [];
  let s = 0;
  let chosen = false;
  let joinable = false;
  const close = (i: number) => {
    if (i > s && chosen) {
      let start = t.start[s] as number;
      let end = t.end[i - 1] as number;
      // and the opening quotation mark or bracket: a quoted term is a mention
      for (let k = 0; k < 2 && start > 0 && OPENERS.includes(text.charAt(start - 1)); k++) start--;
      // keep the closing punctuation: a question mark or quote matters to the context
      for (let k = 0; k < 3 && end < text.length && CLOSERS.includes(text.charAt(end)); k++) end++;
      const last = ranges[ranges.length - 1];
      if (joinable && last && last[1] >= (t.end[s - 1] as number)) last[1] = end;
      else ranges.push([start, end]);
    }
    chosen = false;
  };
  for (let i = 0; i < t.n; i++) {
    const start = t.start[i] as number;
    const end = t.end[i] as number;
    const gap = i > 0 ? start - (t.end[i - 1] as number) : 0;
    const long = end - start > MAX_RUN;
    // 'U.S.', 'e.g.': a full stop after a single letter does not end the piece (wink-nlp splits it)
    const stop = t.brk[i] === 2 && i > 0 && (t.end[i - 1] as number) - (t.start[i - 1] as number) > 1;
    if (
      i > s &&
      (stop || gap > MAX_RUN || long || (i - s >= MAX_TOKENS && t.brk[i] === 1) || i - s >= 2 * MAX_TOKENS)
    ) {
      close(i);
      joinable = stop && gap <= MAX_RUN && !long;
      s = i;
    }
    if (long) {
      // never read: the next piece starts after it
      s = i + 1;
      joinable = false;
      continue;
    }
    chosen = true;
  }
  close(t.n);
  return ranges;
}

/** The first word of `words` that ends after `offset` (binary search). */
function wordAt(words: Sentence['words'], offset: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((words[mid] as { end: number }).end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Words [from, to) of the sentence inside [start, end), or null when none is. */
function wordsIn(sentence: Sentence, start: number, end: number): [number, number] | null {
  const from = wordAt(sentence.words, start);
  const to = wordAt(sentence.words, end - 1) + 1;
  const first = sentence.words[from];
  if (!first || first.start >= end) return null;
  return [from, Math.min(to, sentence.words.length)];
}

export function readSentenceLayer(
  text: string,
  t: Tokens,
  spans: readonly RuleSpan[],
  settings: FrameSettings,
  disclaimer: string | undefined,
): SentenceVerdict {
  const verdict: SentenceVerdict = { frames: [], rules: spans.map(() => null), read: [] };
  const ranges = chosenRanges(text, t);
  if (ranges.length === 0) return verdict;
  const disclaimed = carriesDisclaimer(text, disclaimer);
  // rule spans by start, visited once per sentence they overlap (spans do not reach across sentences)
  const order = spans
    .map((_, k) => k)
    .sort((a, b) => (spans[a] as RuleSpan).start - (spans[b] as RuleSpan).start);
  let next = 0;
  for (const [start, end] of ranges) {
    for (const sentence of readSentencesIn(text, start, end)) {
      const v: View = viewOf(sentence);
      const isHedged = hedged(v);
      const disclaims = selfDisclaimed(v);
      const tags: string[] = [];
      if (isHedged) tags.push('hedged');
      let flagged = false;
      for (const hit of detectFrames(v)) {
        if (clearingOf(v, hit.from, hit.to) || (hit.frame === 'estimate' && disclaims)) continue;
        tags.push(hit.frame);
        const setting = settings.get(hit.frame);
        if (!setting) continue;
        const severity = hit.frame === 'estimate' && isHedged && disclaimed ? 'low' : setting.severity;
        const first = v.words[hit.from];
        const last = v.words[hit.to - 1];
        if (!first || !last) continue;
        verdict.frames.push({ ...hit, start: first.start, end: last.end, severity, sentence });
        flagged = true;
      }
      while (next < order.length && (spans[order[next] as number] as RuleSpan).end <= sentence.start) next++;
      for (let o = next; o < order.length; o++) {
        const k = order[o] as number;
        const span = spans[k] as RuleSpan;
        if (span.start >= sentence.end) break;
        if (span.end <= sentence.start) continue;
        const range = wordsIn(sentence, span.start, span.end);
        if (!range) continue;
        const clearing =
          clearingOf(v, range[0], range[1]) ?? (span.forward && disclaims ? 'disclaimed' : null);
        if (clearing) {
          verdict.rules[k] = clearing;
          if (!tags.includes(clearing)) tags.push(clearing);
        } else {
          flagged = true;
          if (span.forward && isHedged && disclaimed) verdict.rules[k] = 'lower';
        }
      }
      verdict.read.push({ sentence, tags, flagged });
    }
  }
  return verdict;
}
