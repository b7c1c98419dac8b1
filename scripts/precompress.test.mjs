// precompressDirectory writes .br and .gz beside the compressible files of a built web app, and nothing
// beside small, already compressed or bookkeeping files. Run: node --test scripts/precompress.test.mjs
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDirectory } from './precompress.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'parley-precompress-'));
after(() => rmSync(root, { recursive: true, force: true }));

const script = `export function greet(name) { return 'Hello, ' + name; }\n`.repeat(100);

function builtApp() {
  const dist = mkdtempSync(path.join(root, 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'assets/app-1.js'), script);
  writeFileSync(path.join(dist, 'assets/app-1.css'), 'body { color: black; }\n'.repeat(100));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html>${'<p>Parley</p>'.repeat(100)}`);
  writeFileSync(path.join(dist, 'small.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets/font.woff2'), Buffer.alloc(4096, 7));
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({ padding: 'x'.repeat(4096) }));
  return dist;
}

test('a compressible file gets a brotli and a gzip copy that decompress to it', () => {
  const dist = builtApp();
  const done = precompressDirectory(dist);
  assert.deepEqual(done.sort(), ['assets/app-1.css', 'assets/app-1.js', 'index.html']);
  const file = path.join(dist, 'assets/app-1.js');
  assert.equal(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), script);
  assert.equal(gunzipSync(readFileSync(`${file}.gz`)).toString(), script);
  assert.ok(readFileSync(`${file}.br`).length < readFileSync(`${file}.gz`).length);
});

test('small files, compressed formats and the build bookkeeping are left alone', () => {
  const dist = builtApp();
  precompressDirectory(dist);
  for (const file of ['small.js', 'assets/font.woff2', '.vite/manifest.json']) {
    assert.equal(existsSync(path.join(dist, `${file}.br`)), false, file);
    assert.equal(existsSync(path.join(dist, `${file}.gz`)), false, file);
  }
});

test('running it again does not compress the compressed copies', () => {
  const dist = builtApp();
  precompressDirectory(dist);
  assert.deepEqual(precompressDirectory(dist).sort(), ['assets/app-1.css', 'assets/app-1.js', 'index.html']);
  assert.equal(existsSync(path.join(dist, 'assets/app-1.js.br.br')), false);
});
