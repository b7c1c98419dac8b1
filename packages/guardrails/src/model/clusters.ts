import data from './clusters.json' with { type: 'json' };

/**
 * Word clusters (`clusters.json`, made by `npm run clusters -w @parley/guardrails` from GloVe vectors):
 * the 30,000 most frequent English words grouped by meaning at two sizes, so the sentence model's weight
 * for one word carries over to its neighbours ('optimistic' → 'upbeat', 'bullish').
 */
const WORDS = data.words.split(' ');

function table(size: number): ReadonlyMap<string, number> {
  const ids = (data.ids as Record<string, string>)[String(size)] ?? '';
  const width = (size - 1).toString(36).length;
  return new Map(WORDS.map((w, i) => [w, Number.parseInt(ids.slice(i * width, i * width + width), 36)]));
}

const COARSE = table(200);
const FINE = table(1000);

/** The coarse and fine cluster of a word (lowercase), or null when the word is not among the 30,000. */
export function clustersOf(word: string): [number, number] | null {
  const fine = FINE.get(word);
  return fine === undefined ? null : [COARSE.get(word) as number, fine];
}
