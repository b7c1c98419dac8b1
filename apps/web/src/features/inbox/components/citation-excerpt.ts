import type { CitationHighlight } from '@parley/contracts';

/** About how many characters of a passage 'Sources Referenced' shows before it is expanded. */
export const EXCERPT_CHARS = 240;
/** How much of the passage the excerpt keeps before its first supporting word, for context. */
const LEAD_CHARS = 60;

export type Excerpt = { start: number; end: number; isWhole: boolean };

/**
 * The part of a passage shown before it is expanded: about `max` characters from a little before its
 * first supporting word (so the excerpt shows why it was cited), cut between words; the whole
 * passage when it is not longer than that.
 */
export function excerptOf(
  text: string,
  highlights: readonly CitationHighlight[],
  max = EXCERPT_CHARS,
): Excerpt {
  if (text.length <= max) return { start: 0, end: text.length, isWhole: true };
  const first = highlights[0]?.start ?? 0;
  let start = Math.max(0, Math.min(first - LEAD_CHARS, text.length - max));
  if (start > 0 && /\S/.test(text[start - 1] ?? '')) {
    const space = text.slice(start, start + 30).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.slice(start, end + 1).search(/\s\S*$/);
    end = space > 0 ? start + space : end;
  }
  return { start, end, isWhole: start === 0 && end === text.length };
}

/** The highlights that fall within [start, end), cut to it and counted from `start`. */
export function highlightsWithin(
  highlights: readonly CitationHighlight[],
  start: number,
  end: number,
): CitationHighlight[] {
  return highlights
    .filter((h) => h.end > start && h.start < end)
    .map((h) => ({ start: Math.max(h.start, start) - start, end: Math.min(h.end, end) - start }));
}
