// The import rules catch new cycles and boundary breaks, and a stale known-violations entry. The test works on a
// copy of the project's sources in a temporary folder, so a check running at the same time never sees the
// probe files, and the folder goes even when the test fails. Run: node --test scripts/check-import-rules.test.mjs
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';

const repo = path.join(import.meta.dirname, '..');
const checker = path.join(import.meta.dirname, 'check-import-rules.mjs');

/** A copy of the project's files the checker reads (tracked or new, not ignored), node_modules linked. */
function copyRepository(into) {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'apps', 'packages'],
    { cwd: repo, encoding: 'utf8' },
  );
  const files = [
    ...listed.split('\0'),
    '.dependency-cruiser.cjs',
    '.dependency-cruiser.tsconfig.json',
    'tsconfig.base.json',
  ];
  for (const file of files.filter((file) => file && existsSync(path.join(repo, file)))) {
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    copyFileSync(path.join(repo, file), path.join(into, file));
  }
  // Each installed package linked; the workspaces' own (relative) links, so they point into the copy.
  mkdirSync(path.join(into, 'node_modules/@parley'), { recursive: true });
  for (const name of readdirSync(path.join(repo, 'node_modules'))) {
    if (name !== '@parley')
      symlinkSync(path.join(repo, 'node_modules', name), path.join(into, 'node_modules', name));
  }
  for (const name of readdirSync(path.join(repo, 'node_modules/@parley'))) {
    const link = `node_modules/@parley/${name}`;
    symlinkSync(readlinkSync(path.join(repo, link)), path.join(into, link));
  }
}

function write(root, file, text) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Runs the checker on `root`; resolves to its exit code and output, never rejects on a failed check. */
async function check(root) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [checker, '--root', root]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    if (typeof error.code !== 'number') throw error;
    return { code: error.code, output: error.stdout + error.stderr };
  }
}

let root;
before(() => {
  root = mkdtempSync(path.join(tmpdir(), 'parley-import-rules-'));
});
after(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

test('a new cycle or boundary break fails the check; so does a known entry that no longer occurs', async () => {
  copyRepository(root);
  const server = 'apps/server/src/features';
  // Two files importing each other inside one feature.
  write(
    root,
    `${server}/drafts/cycle-probe/first.ts`,
    "import { second } from './second';\nexport const first = second;\n",
  );
  write(
    root,
    `${server}/drafts/cycle-probe/second.ts`,
    "import { first } from './first';\nexport const second = first;\n",
  );
  // Two features importing each other through four files: no file cycle, a feature cycle.
  write(
    root,
    `${server}/system/probe-upper.ts`,
    "import { lower } from '../profile/probe-lower';\nexport const upper = lower;\n",
  );
  write(root, `${server}/profile/probe-lower.ts`, 'export const lower = 1;\n');
  write(
    root,
    `${server}/profile/probe-upper.ts`,
    "import { lower } from '../system/probe-lower';\nexport const upper = lower;\n",
  );
  write(root, `${server}/system/probe-lower.ts`, 'export const lower = 2;\n');
  // A new import of another feature's queries.
  appendFileSync(path.join(root, `${server}/setup/setup.service.ts`), "import '../mfa/mfa.queries';\n");
  // A known entry that no longer occurs (as when its fix lands) must be deleted: the check fails on it.
  const config = path.join(root, '.dependency-cruiser.cjs');
  const known = readFileSync(config, 'utf8').replace(
    'const knownViolations = [];',
    `const knownViolations = [{ type: 'dependency', rule: { name: 'server-feature-internals', severity: 'error' }, from: '${server}/security/security.service.ts', to: '${server}/users/users.queries.ts' }];`,
  );
  assert.ok(known.includes('security.service.ts'), 'the probe expects an empty knownViolations list');
  writeFileSync(config, known);
  // A web feature importing another feature.
  write(root, 'apps/web/src/features/help/probe.ts', "import '@/features/audit/probe';\n");
  write(root, 'apps/web/src/features/audit/probe.ts', 'export {};\n');

  const { code, output } = await check(root);

  assert.equal(code, 1, output);
  const expected = [
    '✗ no-import-cycle:',
    `  ${server}/drafts/cycle-probe/first.ts → ${server}/drafts/cycle-probe/second.ts → ${server}/drafts/cycle-probe/first.ts`,
    '✗ no-feature-cycle:',
    `  ${server}/profile → ${server}/system → ${server}/profile`,
    `      ${server}/profile/probe-upper.ts → ${server}/system/probe-lower.ts`,
    `      ${server}/system/probe-upper.ts → ${server}/profile/probe-lower.ts`,
    '✗ server-feature-internals:',
    `  ${server}/setup/setup.service.ts → ${server}/mfa/mfa.queries.ts`,
    '✗ web-feature-imports-feature:',
    '  apps/web/src/features/help/probe.ts → apps/web/src/features/audit/probe.ts',
    '✗ Known violations that no longer occur',
    `  server-feature-internals: ${server}/security/security.service.ts → ${server}/users/users.queries.ts`,
    'Import rules: 4 violation(s), 1 stale known entry(ies)',
  ];
  for (const line of expected) assert.ok(output.includes(line), `missing "${line}" in:\n${output}`);
});
