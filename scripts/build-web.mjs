#!/usr/bin/env node
// Builds the web app (apps/web/dist) unless the build already there was made from the same sources:
// `npm start` and `npm test` run it every time, and a busy 2-core machine should not spend 20 seconds
// rebuilding what is up to date. `--force` builds anyway.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Everything the build reads besides node_modules (whose versions package-lock.json pins). */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.source-fingerprint');

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

/** A digest of every input's path and content: unlike times, it survives a checkout or a copy. */
function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const current = fingerprint();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
if (!process.argv.includes('--force') && built === current && existsSync(path.join(dist, 'index.html'))) {
  console.log('Web app is up to date (apps/web/dist): not rebuilt. `npm run build -- --force` rebuilds it.');
} else {
  execFileSync('npm', ['run', 'build', '-w', '@parley/web'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stampFile, `${current}\n`);
}
