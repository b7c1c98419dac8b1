/**
 * docs/decisions/028-answer-library.md: which of a document's new passages reads most like a passage that
 * was cited before it was re-indexed. Words are compared, not characters, so a changed figure in a
 * long passage still finds its passage while a rewritten one does not.
 */

/**
 * Below this share of shared words (Dice coefficient) no new passage is the old one's successor: its
 * text is gone.
 */
export const MIN_SUCCESSOR_SIMILARITY = 0.5;

/** Words and figures ('0.42', '1,250', '15'), lower-cased; a figure keeps its inner separators. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu) ?? [];
}

/** 2·|shared| / (|a| + |b|) over the two texts' words, counted with repeats (1: the same words). */
export function passageSimilarity(a: string, b: string): number {
  const left = wordsOf(a);
  const right = wordsOf(b);
  if (left.length + right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of left) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of right) {
    const n = counts.get(word) ?? 0;
    if (n > 0) {
      shared += 1;
      counts.set(word, n - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/**
 * The new passage most like `oldText` (the first of equals, in document order) and how alike, or null
 * when none reaches MIN_SUCCESSOR_SIMILARITY.
 */
export function successorOf<P extends { text: string }>(
  oldText: string,
  passages: readonly P[],
): { passage: P; similarity: number } | null {
  let best: { passage: P; similarity: number } | null = null;
  for (const passage of passages) {
    const similarity = passageSimilarity(oldText, passage.text);
    if (!best || similarity > best.similarity) best = { passage, similarity };
  }
  return best && best.similarity >= MIN_SUCCESSOR_SIMILARITY ? best : null;
}
