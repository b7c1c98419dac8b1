// The bundle-size check reads what the build wrote: index.html's scripts and the Vite manifest's lazy chunks
// with their static imports. Tested on tiny fixtures, in memory and in a temporary dist folder.
// Run: node --test scripts/check-bundle-size.test.mjs
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import {
  findEntryScripts,
  findLazyFiles,
  measureRoutes,
  ROUTES,
  SIGN_IN_BUDGET_BYTES,
} from './check-bundle-size.mjs';

const checker = path.join(import.meta.dirname, 'check-bundle-size.mjs');

const INDEX_HTML = `<!doctype html>
<html><head>
  <script src="/theme-init.js"></script>
  <script type="module" crossorigin src="/assets/index-A.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-B.js">
  <link rel="modulepreload" crossorigin href="/assets/utils-C.js">
  <link rel="stylesheet" crossorigin href="/assets/index-D.css">
</head><body><div id="root"></div></body></html>`;

/** An entry, two lazy pages sharing a chunk (which imports a chunk of the entry's), and a cycle. */
const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-B.js', '_utils-C.js'] },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_utils-C.js': { file: 'assets/utils-C.js' },
  '_table-E.js': { file: 'assets/table-E.js', imports: ['_utils-C.js', '_icons-F.js'] },
  '_icons-F.js': { file: 'assets/icons-F.js', imports: ['_table-E.js'] },
  'src/inbox-page.tsx': { file: 'assets/inbox-page-G.js', isDynamicEntry: true, imports: ['_table-E.js'] },
  'src/audit-page.tsx': { file: 'assets/audit-page-H.js', isDynamicEntry: true, imports: ['_table-E.js'] },
  'src/sign-in.tsx': { file: 'assets/index-A.js', imports: [] },
};

test("the entry's scripts are its module script and its modulepreload links, not other scripts or styles", () => {
  assert.deepEqual(findEntryScripts(INDEX_HTML), [
    'assets/index-A.js',
    'assets/react-B.js',
    'assets/utils-C.js',
  ]);
});

test('a lazy page brings its chunk and every chunk it imports statically, each once, through cycles', () => {
  assert.deepEqual(findLazyFiles(MANIFEST, 'src/inbox-page.tsx').sort(), [
    'assets/icons-F.js',
    'assets/inbox-page-G.js',
    'assets/table-E.js',
    'assets/utils-C.js',
  ]);
});

test('a module missing from the manifest, or no longer loaded lazily, is an error that names it', () => {
  assert.throws(
    () => findLazyFiles(MANIFEST, 'src/gone-page.tsx'),
    /src\/gone-page\.tsx is not in the build/,
  );
  assert.throws(
    () => findLazyFiles(MANIFEST, 'src/sign-in.tsx'),
    /src\/sign-in\.tsx is no longer loaded lazily/,
  );
});

test("a route's first JavaScript counts the entry's files and its lazy files once, and no stylesheet", () => {
  const sizes = {
    'assets/index-A.js': 1,
    'assets/react-B.js': 10,
    'assets/utils-C.js': 100,
    'assets/table-E.js': 1000,
    'assets/icons-F.js': 10_000,
    'assets/inbox-page-G.js': 100_000,
  };
  const measured = measureRoutes({
    indexHtml: INDEX_HTML,
    manifest: MANIFEST,
    routes: [
      { route: '/auth', lazy: [] },
      { route: '/inbox', lazy: ['src/inbox-page.tsx'] },
    ],
    sizeOf: (file) => sizes[file],
  });
  assert.deepEqual(measured, [
    { route: '/auth', files: 3, gzipBytes: 111 },
    { route: '/inbox', files: 6, gzipBytes: 111_111 },
  ]);
});

/** A built app in a temporary folder: every lazy module of ROUTES in one small chunk, and an entry. */
function writeDist(entryContent) {
  const dist = mkdtempSync(path.join(tmpdir(), 'bundle-size-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<script type="module" crossorigin src="/assets/index.js"></script>',
  );
  writeFileSync(path.join(dist, 'assets/index.js'), entryContent);
  writeFileSync(path.join(dist, 'assets/page.js'), 'export const page = 1;');
  const manifest = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  for (const moduleId of ROUTES.flatMap(({ lazy }) => lazy)) {
    manifest[moduleId] = { file: 'assets/page.js', isDynamicEntry: true };
  }
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

async function runChecker(dist) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [checker, '--dist', dist]);
    return { code: 0, output: stdout };
  } catch (error) {
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

test('the check passes a small sign-in page and prints every route of the table', async (t) => {
  const dist = writeDist('console.log("sign in");');
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  const { code, output } = await runChecker(dist);
  assert.equal(code, 0, output);
  for (const { route } of ROUTES) assert.match(output, new RegExp(`^  ${route} `, 'm'));
});

test("the check fails when the sign-in page's JavaScript is over its budget, and says by how much", async (t) => {
  // Random bytes do not compress: gzip keeps them over the budget.
  const dist = writeDist(randomBytes(SIGN_IN_BUDGET_BYTES + 1000));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  const { code, output } = await runChecker(dist);
  assert.equal(code, 1);
  const budget = (SIGN_IN_BUDGET_BYTES / 1000).toFixed(1).replace('.', '\\.');
  assert.match(
    output,
    new RegExp(`The sign-in page loads 1\\d\\d\\.\\d kB of JavaScript, over its budget of ${budget} kB`),
  );
});
