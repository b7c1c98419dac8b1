import data from './clusters.json' with { type: 'json' };

/**
 * Word clusters (`clusters.json`, made by `npm run clusters -w @parley/guardrails` from GloVe vectors):
 * the 30,000 most frequent English words grouped by meaning at two sizes, so the sentence model's weight
 * for one word carries over to its neighbours ('optimistic' → 'upbeat', 'bullish').
 */
const WORDS = data.words.split(' ');

function ids(size: number): number[] {
  const all = (data.ids as Record<string, string>)[String(size)] ?? '';
  const width = (size - 1).toString(36).length;
  return WORDS.map((_, i) => Number.parseInt(all.slice(i * width, i * width + width), 36));
}

/**
 * Each word's coarse (of 200) and fine (of 1000) cluster, as the names the model's features use: one
 * pair per word, made once, so a lookup allocates nothing.
 */
export const CLUSTERS: ReadonlyMap<string, readonly [string, string]> = (() => {
  const coarse = ids(200);
  const fine = ids(1000);
  // the same few hundred names for all 30,000 words
  const names = new Map<number, string>();
  const name = (id: number) => names.get(id) ?? (names.set(id, String(id)).get(id) as string);
  return new Map(WORDS.map((w, i) => [w, [name(coarse[i] as number), name(fine[i] as number)]]));
})();

/** The coarse and fine cluster of a word (lowercase), or null when the word is not among the 30,000. */
export function clustersOf(word: string): readonly [string, string] | null {
  return CLUSTERS.get(word) ?? null;
}
