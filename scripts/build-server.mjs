// Compiles the server into apps/server/dist with esbuild, so `npm start` runs JavaScript instead of
// compiling TypeScript in the process at every start (docs/decisions/045-compiled-server.md).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildWhenChanged } from './source-fingerprint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
/** Everything the build reads besides node_modules (whose versions package-lock.json pins). */
const INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/guardrails/src',
  'packages/guardrails/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];
/** The entries: the server, and the document reader that it starts as a worker by this file name. */
const ENTRIES = {
  main: 'apps/server/src/main.ts',
  'extraction-worker': 'apps/server/src/features/projects/extraction-worker.ts',
};

/**
 * The workspace packages are TypeScript sources, so they are bundled with the server; every other
 * package stays an import that Node resolves from node_modules at run time: PGlite finds its WASM and
 * data files, and PDFKit its font metrics, beside their own code.
 */
const bundleOnlyWorkspacePackages = {
  name: 'bundle-only-workspace-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
    );
  },
};

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The packages the output imports must be the server's own dependencies: one that only a workspace
 * package or a devDependency declares would be missing from an install of the server's.
 */
function assertDeclared(metafile) {
  const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || isBuiltin(specifier) || specifier.startsWith('.')) continue;
      if (!declared.has(packageNameOf(specifier))) missing.add(packageNameOf(specifier));
    }
  }
  if (missing.size > 0)
    throw new Error(`apps/server/package.json does not list these dependencies: ${[...missing].join(', ')}`);
}

/** Compiles the server into `outdir` (emptied first) and returns esbuild's metafile. */
export async function compileServer(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Modules loaded on first use (import()) become chunks of their own, so a start loads less.
    // Every file lands in one folder: code that finds files beside itself through import.meta.url
    // (the migrations, the worker, the web app) sees the same folder whichever chunk it ended up in.
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    // Error classes and functions keep their names in logs and stack traces.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [bundleOnlyWorkspacePackages],
  });
  assertDeclared(result.metafile);
  // apps/server/src/db/client.ts reads the migrations from the folder beside it.
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  return result.metafile;
}

/** Builds apps/server/dist unless it was built from the same sources (`force`: always). */
export function buildServer({ force = false, outdir = path.join(serverDir, 'dist') } = {}) {
  return buildWhenChanged({
    root,
    name: 'The server',
    inputs: INPUTS,
    output: path.join(outdir, 'main.mjs'),
    stampFile: path.join(outdir, '.source-fingerprint'),
    force,
    build: () => compileServer(outdir),
  });
}
