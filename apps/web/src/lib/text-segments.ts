type Span = { start: number; end: number };

export type TextSegment<T extends Span> = { text: string; span: null } | { text: string; span: T };

/**
 * The text cut into plain runs and marked spans (a compliance flag, a citation's supporting words):
 * overlapping spans keep the first, widest one; spans outside the text are ignored.
 */
export function segmentsOf<T extends Span>(text: string, spans: readonly T[]): TextSegment<T>[] {
  const sorted = [...spans]
    .filter((s) => s.start >= 0 && s.end <= text.length && s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: TextSegment<T>[] = [];
  let at = 0;
  for (const span of sorted) {
    if (span.start < at) continue;
    if (span.start > at) segments.push({ text: text.slice(at, span.start), span: null });
    segments.push({ text: text.slice(span.start, span.end), span });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), span: null });
  return segments;
}
