// The compiled server (docs/decisions/045-compiled-server.md): the files it finds beside itself are
// there, and what it loads at start leaves out the modules it imports on first use, which an idle
// server must not hold. Builds into a temporary folder (a few seconds).
// Run: node --test scripts/build-server.test.mjs
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { compileServer } from './build-server.mjs';

const outdir = mkdtempSync(path.join(tmpdir(), 'parley-server-build-'));
before(() => compileServer(outdir));
after(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * What main.mjs loads before it runs: the output files it imports statically, transitively, and the
 * packages they import, as written. Read from the emitted code, which leaves out imports esbuild dropped as unused
 * (the metafile still lists them).
 */
function loadedAtStart() {
  const files = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?"([^"]+)";/gms)) {
      const specifier = match[1];
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(path.join(outdir, 'main.mjs'));
  // esbuild names each bundled source in a comment above its code.
  const code = [...files].map((file) => readFileSync(file, 'utf8')).join('\n');
  return { packages, bundles: (source) => code.includes(`// ${source}\n`) };
}

test('the server finds its worker and its migrations beside its own file', () => {
  assert.ok(existsSync(path.join(outdir, 'main.mjs')));
  // document-extractor.ts starts new URL('./extraction-worker.mjs', import.meta.url).
  assert.ok(existsSync(path.join(outdir, 'extraction-worker.mjs')));
  // db/client.ts reads the folder migrations beside itself.
  assert.ok(existsSync(path.join(outdir, 'migrations/meta/_journal.json')));
});

test('a start loads neither the compliance checker nor the libraries only some requests need', () => {
  const { packages, bundles } = loadedAtStart();
  assert.ok(packages.has('pg') && packages.has('@hono/zod-openapi'), 'the probe reads the imports');
  const lazy = ['pdfkit', 'qrcode', 'wink-nlp', 'wink-eng-lite-web-model', 'unpdf', 'mammoth'];
  for (const specifier of [...lazy, 'nodemailer', 'nodemailer/lib/mail-composer'])
    assert.ok(!packages.has(specifier), `${specifier} is imported at start`);
  assert.ok(bundles('packages/guardrails/src/defaults.ts'), 'the probe reads the bundled sources');
  assert.ok(!bundles('packages/guardrails/src/check.ts'), 'the checker is loaded at start');
});
