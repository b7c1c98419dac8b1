// Builds the web app into apps/web/dist with Vite, unless it was built from the same sources.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhenChanged } from './source-fingerprint.mjs';

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

/** Builds apps/web/dist unless it was built from the same sources (`force`: always). */
export function buildWeb({ force = false } = {}) {
  return buildWhenChanged({
    root,
    name: 'The web app',
    inputs: INPUTS,
    output: path.join(dist, 'index.html'),
    stampFile: path.join(dist, '.source-fingerprint'),
    force,
    build: () => execFileSync('npm', ['run', 'build', '-w', '@parley/web'], { cwd: root, stdio: 'inherit' }),
  });
}
