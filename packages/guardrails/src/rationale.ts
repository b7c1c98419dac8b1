import type { Tokens } from './tokenize';

/** Longest quote a rationale carries; a longer clause is cut to the words around the flag. */
const MAX_QUOTE = 100;
/** Words kept on each side of the flag when the clause is too long to quote whole. */
const CONTEXT_WORDS = 5;

/** The first token whose end is after `offset` (tokens are sorted by offset). */
function tokenAt(t: Tokens, offset: number): number {
  let lo = 0;
  let hi = t.n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((t.end[mid] as number) <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The words a rationale quotes for the span [start, end): the clause around it (between commas,
 * colons, brackets or sentence ends), or the few words either side of it in a long clause.
 */
export function quoteOf(text: string, t: Tokens, start: number, end: number): string {
  if (t.n === 0) return text.slice(start, end);
  const first = tokenAt(t, start);
  const last = Math.max(first, tokenAt(t, end - 1));
  let from = first;
  while (from > 0 && t.brk[from] === 0) from--;
  let to = last;
  while (to + 1 < t.n && t.brk[to + 1] === 0) to++;
  let s = Math.min(start, t.start[from] as number);
  let e = Math.max(end, t.end[to] as number);
  let prefix = '';
  let suffix = '';
  if (e - s > MAX_QUOTE) {
    const a = Math.max(from, first - CONTEXT_WORDS);
    const b = Math.min(to, last + CONTEXT_WORDS);
    if (a > from) prefix = '…';
    if (b < to) suffix = '…';
    s = Math.min(start, t.start[a] as number);
    e = Math.max(end, t.end[b] as number);
  }
  const raw = text.slice(s, e);
  // line breaks and runs of spaces read as one space (most quotes have none: no regex replace then)
  return prefix + (/\s\s|[^\S ]/.test(raw) ? raw.replace(/\s+/g, ' ') : raw) + suffix;
}

/** 'Lead: "quoted words"', the one-sentence rationale every flag carries. */
export function rationaleOf(lead: string, quote: string): string {
  return `${lead}: "${quote}"`;
}
