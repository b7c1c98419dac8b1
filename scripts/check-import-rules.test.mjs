// The import rules catch new violations while the known-violations list is in place. The test works on a
// copy of the checked sources in a temporary folder, so a check running at the same time never sees the
// probe files, and the folder goes even when the test fails. Run: node --test scripts/check-import-rules.test.mjs
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
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

/** A copy of what the checker reads: its config, the apps' and packages' sources, node_modules linked. */
function copyRepository(into) {
  for (const entry of [
    '.dependency-cruiser.cjs',
    '.dependency-cruiser.tsconfig.json',
    'tsconfig.base.json',
  ]) {
    cpSync(path.join(repo, entry), path.join(into, entry));
  }
  const skip = new Set(['node_modules', 'dist']);
  for (const folder of ['apps', 'packages']) {
    cpSync(path.join(repo, folder), path.join(into, folder), {
      recursive: true,
      filter: (source) => !skip.has(path.basename(source)),
    });
  }
  // Each installed package linked, except the workspaces, which point into the copy.
  mkdirSync(path.join(into, 'node_modules/@parley'), { recursive: true });
  for (const name of readdirSync(path.join(repo, 'node_modules'))) {
    if (name !== '@parley')
      symlinkSync(path.join(repo, 'node_modules', name), path.join(into, 'node_modules', name));
  }
  for (const name of ['contracts', 'guardrails']) {
    symlinkSync(path.join(into, 'packages', name), path.join(into, 'node_modules/@parley', name));
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

test('a new cycle or boundary break fails the check while known violations are skipped; so does a fixed one', async () => {
  copyRepository(root);
  const server = 'apps/server/src/features';
  // Two files importing each other, in a feature that already has known violations.
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
  // A new import of another feature's queries, from a file that already has a known one.
  appendFileSync(path.join(root, `${server}/setup/setup.service.ts`), "import '../mfa/mfa.queries';\n");
  // A known violation fixed: security reads users through the users service, so its known entry is stale.
  const securityService = path.join(root, `${server}/security/security.service.ts`);
  const fixed = readFileSync(securityService, 'utf8').replace(
    "'../users/users.queries'",
    "'../users/users.service'",
  );
  assert.ok(
    fixed.includes("'../users/users.service'"),
    'the probe expects security.service.ts to import users.queries',
  );
  writeFileSync(securityService, fixed);
  // A web feature importing another feature.
  write(root, 'apps/web/src/features/help/probe.ts', "import '@/features/audit/probe';\n");
  write(root, 'apps/web/src/features/audit/probe.ts', 'export {};\n');

  const { code, output } = await check(root);

  assert.equal(code, 1, output);
  const expected = [
    '✗ no-import-cycle:',
    `  ${server}/drafts/cycle-probe/first.ts → ${server}/drafts/cycle-probe/second.ts`,
    '✗ no-feature-cycle:',
    `  ${server}/profile → ${server}/system`,
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
