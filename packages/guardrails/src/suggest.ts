/** Give a replacement the capitalisation of the text it replaces. */
export function matchCase(original: string, replacement: string): string {
  if (!replacement) return replacement;
  const firstChar = original.charAt(0);
  if (firstChar === firstChar.toLowerCase()) return replacement;
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) {
    return replacement.toUpperCase();
  }
  return replacement.charAt(0).toUpperCase() + replacement.slice(1);
}

/**
 * Apply Fix: the span [start, end) of `text` (UTF-16 offsets, as flags carry them) replaced by the
 * suggestion, given the capitalisation of the text it replaces.
 */
export function applySuggestion(
  text: string,
  fix: { start: number; end: number; suggestion: string },
): string {
  const original = text.slice(fix.start, fix.end);
  return text.slice(0, fix.start) + matchCase(original, fix.suggestion) + text.slice(fix.end);
}
