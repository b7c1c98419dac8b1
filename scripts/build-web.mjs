// Builds the web app into apps/web/dist with Vite and precompresses it, unless it was built from the same
// sources.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDirectory } from './precompress.mjs';
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
  // The build steps themselves: a change to what is compressed builds again.
  'scripts/build-web.mjs',
  'scripts/precompress.mjs',
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
    // The stamp is written only after both steps, so a build stopped before its compressed files is redone.
    build: () => {
      execFileSync('npm', ['run', 'build', '-w', '@parley/web'], { cwd: root, stdio: 'inherit' });
      const compressed = precompressDirectory(dist);
      console.log(`The web app: ${compressed.length} files precompressed (.br, .gz).`);
    },
  });
}
