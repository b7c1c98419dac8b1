/**
 * Locality-sensitive hashing of a reply's text (docs/decisions/054-communication-class.md): texts
 * whose trigram sets are alike share at least one band hash, so the search for 'substantially the
 * same text' reads only the sent replies sharing a band (a GIN index) before pg_trgm's similarity
 * decides. Trigrams as pg_trgm makes them: lower-cased words padded with two spaces before, one
 * after. MinHash with BANDS × ROWS hash functions; the chance that two texts of trigram similarity s
 * share a band is 1 − (1 − s^ROWS)^BANDS: 0.9997 at 0.7, 0.99999 at 0.8, 0.22 at 0.3, 0.05 at 0.2.
 */

const BANDS = 30;
const ROWS = 4;

/** The trigram set of a text, as pg_trgm's similarity reads it. */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3));
  }
  return trigrams;
}

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: mixes every bit of x into every bit of the result. */
function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Fixed seeds, one per hash function: the bands of a text never change between versions of Parley. */
const SEEDS = Array.from({ length: BANDS * ROWS }, (_, i) => mix(0x9e3779b9 + Math.imul(i + 1, 0x7f4a7c15)));

/**
 * The band hashes of a text (signed 32-bit, as PostgreSQL's integer[] holds them); none for a text
 * without words.
 */
export function textBandsOf(text: string): number[] {
  const trigrams = [...trigramsOf(text)].map(fnv1a);
  if (trigrams.length === 0) return [];
  const minima = SEEDS.map((seed) => {
    let min = 0xffffffff;
    for (const trigram of trigrams) {
      const value = mix(trigram ^ seed);
      if (value < min) min = value;
    }
    return min;
  });
  const bands: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    let hash = mix(band + 1);
    for (let row = 0; row < ROWS; row++) hash = mix(hash ^ (minima[band * ROWS + row] as number));
    bands.push(hash | 0);
  }
  return bands;
}
