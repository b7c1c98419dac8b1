import { trigramsOf } from '../src/features/replies/text-signature';

/** pg_trgm's similarity, for unit tests: shared trigrams over all distinct trigrams of the two texts. */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigramsOf(a);
  const y = trigramsOf(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}
