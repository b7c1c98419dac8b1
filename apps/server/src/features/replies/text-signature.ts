/**
 * MinHash signatures of replies' texts (docs/decisions/054-communication-class.md): the search for
 * 'substantially the same text' ranks the month's sent replies by the share of hash functions on
 * which their signatures agree with the new text's — an estimate of pg_trgm's similarity, which is
 * the trigram sets' Jaccard index — and lets pg_trgm decide only for the likely ones. Trigrams as
 * pg_trgm makes them: lower-cased words padded with two spaces before, one after.
 */

/** Hash functions in a signature: the estimate's standard deviation is √(s(1 − s)/120), 0.04 at 0.7. */
const HASHES = 120;

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

/** Fixed seeds, one per hash function: the signature of a text never changes between versions of Parley. */
const SEEDS = Array.from({ length: HASHES }, (_, i) => mix(0x9e3779b9 + Math.imul(i + 1, 0x7f4a7c15)));

/**
 * A text's MinHash signature: for each hash function, the least hash of its trigrams; none for a
 * text without words.
 */
function textSignatureOf(text: string): number[] {
  const trigrams = [...trigramsOf(text)].map(fnv1a);
  if (trigrams.length === 0) return [];
  return SEEDS.map((seed) => {
    let min = 0xffffffff;
    for (const trigram of trigrams) {
      const value = mix(trigram ^ seed);
      if (value < min) min = value;
    }
    return min;
  });
}

/** One character per hash, from its lowest six bits. */
const SIGNATURE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A text's signature as stored: a character for the lowest six bits of each minimum (b-bit MinHash);
 * empty for a text without words. Read for every sent reply of the month, 120 characters cost PGlite
 * a fraction of what 120 integers or bytes do.
 */
export function storedSignatureOf(text: string): string {
  return textSignatureOf(text)
    .map((minimum) => SIGNATURE_ALPHABET[minimum & 63])
    .join('');
}

/**
 * The texts' similarity estimated from two stored signatures: the share of hash functions on which
 * they agree, less the chance that two different minima agree in their lowest six bits (1/64).
 */
export function estimatedSimilarity(a: string, b: string): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let agree = 0;
  for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) === b.charCodeAt(i)) agree++;
  const chance = 1 / SIGNATURE_ALPHABET.length;
  return (agree / a.length - chance) / (1 - chance);
}
