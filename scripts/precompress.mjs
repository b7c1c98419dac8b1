// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file of the
// built web app, once at build time, so the server sends compressed bytes without compressing per request
// (docs/architecture.md, "Static files").
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images, fonts (woff2 is compressed already) and archives are not. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
]);

/** Below this, a file fits in a packet or two anyway, and the headers outweigh the saving. */
export const MIN_COMPRESS_BYTES = 1024;

/** The files under `dir` (paths relative to it), skipping dot-folders such as `.vite`. */
function filesUnder(dir, relative = '') {
  return readdirSync(path.join(dir, relative), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const file = path.join(relative, entry.name);
    return entry.isDirectory() ? filesUnder(dir, file) : [file];
  });
}

export function isCompressible(file, size) {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()) && size >= MIN_COMPRESS_BYTES;
}

/**
 * Compresses each compressible file of `dir` in both encodings; a variant that is not smaller than the
 * file is not written (the server then sends the file as it is). Returns the files compressed.
 */
export function precompressDirectory(dir) {
  const done = [];
  for (const file of filesUnder(dir)) {
    const full = path.join(dir, file);
    const { size } = statSync(full);
    if (!isCompressible(file, size)) continue;
    const content = readFileSync(full);
    const variants = {
      '.br': brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      '.gz': gzipSync(content, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [suffix, compressed] of Object.entries(variants)) {
      if (compressed.length < size) writeFileSync(full + suffix, compressed);
    }
    done.push(file);
  }
  return done;
}
