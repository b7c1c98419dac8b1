// buildWhenChanged builds once, skips an up-to-date build, and builds again when a source changes,
// when the output is gone or when forced. The sources and outputs live in a temporary folder.
// Run: node --test scripts/source-fingerprint.test.mjs
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { buildWhenChanged, fingerprintOf } from './source-fingerprint.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'parley-fingerprint-'));
after(() => rmSync(root, { recursive: true, force: true }));

function project() {
  const dir = mkdtempSync(path.join(root, 'project-'));
  mkdirSync(path.join(dir, 'src/nested'), { recursive: true });
  writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(dir, 'src/nested/b.ts'), 'export const b = 2;\n');
  writeFileSync(path.join(dir, 'package.json'), '{}\n');
  let builds = 0;
  const options = (extra = {}) => ({
    root: dir,
    name: 'The probe',
    inputs: ['src', 'package.json', 'missing.json'],
    output: path.join(dir, 'dist/out.js'),
    stampFile: path.join(dir, 'dist/.source-fingerprint'),
    build: () => {
      builds++;
      mkdirSync(path.join(dir, 'dist'), { recursive: true });
      writeFileSync(path.join(dir, 'dist/out.js'), `// build ${builds}\n`);
    },
    ...extra,
  });
  return { dir, options, builds: () => builds };
}

test('an up-to-date build is skipped and a changed source is built again', async () => {
  const { dir, options, builds } = project();
  assert.equal(await buildWhenChanged(options()), true);
  assert.equal(await buildWhenChanged(options()), false);
  assert.equal(builds(), 1);

  writeFileSync(path.join(dir, 'src/nested/b.ts'), 'export const b = 3;\n');
  assert.equal(await buildWhenChanged(options()), true);
  assert.equal(await buildWhenChanged(options()), false);
  assert.equal(builds(), 2);
});

test('a new or removed source file, a missing output and --force each build again', async () => {
  const { dir, options, builds } = project();
  await buildWhenChanged(options());
  writeFileSync(path.join(dir, 'src/c.ts'), 'export const c = 1;\n');
  assert.equal(await buildWhenChanged(options()), true);
  rmSync(path.join(dir, 'src/c.ts'));
  assert.equal(await buildWhenChanged(options()), true);
  rmSync(path.join(dir, 'dist/out.js'));
  assert.equal(await buildWhenChanged(options()), true);
  assert.equal(await buildWhenChanged(options({ force: true })), true);
  assert.equal(builds(), 5);
});

test('a failed build leaves no stamp, so the next run tries again', async () => {
  const { options, builds } = project();
  const failing = options({
    build: () => {
      throw new Error('compile error');
    },
  });
  await assert.rejects(buildWhenChanged(failing), /compile error/);
  assert.equal(await buildWhenChanged(options()), true);
  assert.equal(builds(), 1);
});

test('the fingerprint depends on paths and contents, not on file times', () => {
  const { dir } = project();
  const before = fingerprintOf(dir, ['src']);
  writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
  assert.equal(fingerprintOf(dir, ['src']), before);
  writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 2;\n');
  assert.notEqual(fingerprintOf(dir, ['src']), before);
});
