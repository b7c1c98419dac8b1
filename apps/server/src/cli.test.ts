import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The scripts as an operator runs them: separate processes on an embedded database in DATA_DIR. */
function script(file: string, args: string[] = []) {
  return run('node', ['--import', 'tsx', file, ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: serverDir, LOG_LEVEL: 'silent' },
  });
}

describe('the operator scripts', () => {
  it('create-admin prints the new ids as JSON and refuses a second account for the e-mail', async () => {
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
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
  }, 60_000);

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

  it('seed:demo is idempotent and lists the demo users', async () => {
    const first = await script('src/seed/seed-demo.ts');
    const second = await script('src/seed/seed-demo.ts');
    for (const { stdout } of [first, second]) {
      for (const email of ['admin@', 'director@', 'associate@', 'analyst@'])
        expect(stdout).toContain(`${email}parley.example`);
    }
  }, 60_000);
});
