// Builds something only when its sources changed since the build that is there: `npm start` and
// `npm test` build every time, and a busy 2-core machine should not spend seconds (the web app: 20)
// rebuilding what is up to date (docs/decisions/045-compiled-server.md).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The files under `relative` (a file or a folder, relative to `root`), in a stable order. */
function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/** A digest of every input's path and content: unlike times, it survives a checkout or a copy. */
export function fingerprintOf(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Runs `build` unless `stampFile` holds the fingerprint of `inputs` and `output` exists (or `force`);
 * the stamp is written after a build that succeeded, so a failed one is tried again next time.
 * `build` must leave the folder of `stampFile` in place. Returns whether it built.
 */
export async function buildWhenChanged({ root, name, inputs, output, stampFile, force = false, build }) {
  const current = fingerprintOf(root, inputs);
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (!force && built === current && existsSync(output)) {
    console.log(`${name} is up to date (${path.relative(root, path.dirname(stampFile))}): not rebuilt.`);
    return false;
  }
  console.log(`${name}: building into ${path.relative(root, path.dirname(output))}.`);
  await build();
  writeFileSync(stampFile, `${current}\n`);
  return true;
}
