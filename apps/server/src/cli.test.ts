import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE } from './lib/data-dir-lock';

const run = promisify(execFile);
/** A wait for two script runs, each starting the embedded database: a loaded machine took over a minute. */
const TWO_STARTS_MS = 180_000;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The scripts as an operator runs them: separate processes on an embedded database in DATA_DIR. */
function script(file: string, args: string[] = [], env: Record<string, string> = {}) {
  return run('node', ['--import', 'tsx', file, ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: serverDir, LOG_LEVEL: 'silent', ...env },
  });
}

describe('the operator scripts', () => {
  it(
    'create-admin prints the new ids as JSON and refuses a second account for the e-mail',
    async () => {
      const args = [
        'create-admin',
        '--email',
        'Boss@Parley.test',
        '--password',
        'long enough password',
        '--name',
        'Boss',
      ];
      const { stdout } = await script('src/cli.ts', args);
      expect(JSON.parse(stdout)).toEqual({ userId: expect.any(String), orgId: expect.any(String) });

      const again = script('src/cli.ts', args);
      await expect(again).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('already exists'),
      });
    },
    TWO_STARTS_MS,
  );

  it('create-admin names a bad option', async () => {
    const bad = script('src/cli.ts', ['create-admin', '--email', 'x', '--password', 'short', '--name', 'N']);
    await expect(bad).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--email[\s\S]*--password/),
    });
  }, 60_000);

  it('create-admin refuses a common password with the password policy of the web', async () => {
    const weak = script('src/cli.ts', [
      'create-admin',
      '--email',
      'weak@parley.test',
      '--password',
      'Password1234',
      '--name',
      'Weak',
    ]);
    await expect(weak).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--password: This password is too common'),
    });
  }, 60_000);

  it(
    'seed:demo is idempotent and lists the demo users',
    async () => {
      const first = await script('src/seed/seed-demo.ts');
      const second = await script('src/seed/seed-demo.ts');
      for (const { stdout } of [first, second]) {
        for (const email of ['admin@', 'director@', 'associate@', 'analyst@'])
          expect(stdout).toContain(`${email}parley.example`);
      }
    },
    TWO_STARTS_MS,
  );

  it('seed:demo and the CLI refuse a DATA_DIR that a running process holds, and write nothing', async () => {
    const held = mkdtempSync(path.join(tmpdir(), 'parley-held-'));
    // This test process holds it, as a running server would.
    const lock = acquireDataDirLock(held);
    try {
      for (const [file, args] of [
        ['src/seed/seed-demo.ts', []],
        ['src/cli.ts', ['set-role', '--email', 'a@b.test', '--role', 'admin']],
      ] as const) {
        const refused = script(file, [...args], { DATA_DIR: held });
        await expect(refused).rejects.toMatchObject({
          code: 1,
          stderr: `Parley is already running on ${held} (pid ${process.pid}, since ${JSON.parse(readFileSync(lock.file, 'utf8')).startedAt}). Stop it first, then run this again.\n`,
        });
      }
      expect(readdirSync(held)).toEqual([LOCK_FILE]);
    } finally {
      lock.release();
      rmSync(held, { recursive: true, force: true });
    }
  }, 60_000);

  it('rotate-key writes the new key where the old one was and keeps the old one beside it', async () => {
    const keyDir = mkdtempSync(path.join(tmpdir(), 'parley-key-'));
    try {
      const oldKey = Buffer.alloc(32, 3).toString('base64');
      writeFileSync(path.join(keyDir, 'encryption.key'), oldKey);
      const { stdout } = await script('src/cli.ts', ['rotate-key'], { DATA_DIR: keyDir });
      expect(stdout).toContain(
        'Re-sealed 0 TOTP secrets and 0 single sign-on client secrets under the new key',
      );
      const newKey = readFileSync(path.join(keyDir, 'encryption.key'), 'utf8').trim();
      expect(newKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(newKey).not.toBe(oldKey);
      const kept = readdirSync(keyDir).filter((name) => name.startsWith('encryption.key.old-'));
      expect(kept).toHaveLength(1);
      expect(readFileSync(path.join(keyDir, kept[0] ?? ''), 'utf8').trim()).toBe(oldKey);
      expect(readdirSync(keyDir)).not.toContain('encryption.key.new');

      const withEnv = script('src/cli.ts', ['rotate-key'], { DATA_DIR: keyDir, ENCRYPTION_KEY: oldKey });
      await expect(withEnv).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--new-key-file: required'),
      });
    } finally {
      rmSync(keyDir, { recursive: true, force: true });
    }
  }, 90_000);
});
