import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { enrolThroughDialog } from './fixtures';

/** A second Parley on an empty database of its own: the setup link exists only while there are no users. */
const PORT = 3198;
const ORIGIN = `http://127.0.0.1:${PORT}`;

function startEmptyParley(dataDir: string): { server: ChildProcess; setupLink: Promise<string> } {
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(PORT), APP_ORIGIN: ORIGIN, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const setupLink = new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/\S+\/setup\?token=\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    server.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before printing the link:\n${output}`)),
    );
  });
  return { server, setupLink };
}

test('the first-start link creates the organisation and its first admin, once', async ({ browser }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-e2e-setup-'));
  const { server, setupLink } = startEmptyParley(dataDir);
  try {
    const link = await setupLink;
    const page = await browser.newPage();
    await page.goto(link);
    await page.getByLabel('Organisation name').fill('Northwind Capital');
    await page.getByLabel('Your name').fill('Fran Founder');
    await page.getByLabel('Email').fill('fran@northwind.example');
    await page.getByLabel('Password').fill('too-short');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await expect(page.getByText('Use at least 12 characters')).toBeVisible();

    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    // The first admin is an admin: two-factor enrolment comes first (SPEC §6).
    await enrolThroughDialog(page, 'fran@northwind.example');
    await expect(page.getByTestId('user-name')).toHaveText('Fran Founder');
    await expect(page.getByTestId('user-role')).toHaveText('admin');

    const again = await browser.newPage();
    await again.goto(link);
    await again.getByLabel('Organisation name').fill('Second Org');
    await again.getByLabel('Your name').fill('Mallory');
    await again.getByLabel('Email').fill('mallory@example.com');
    await again.getByLabel('Password').fill('another long passphrase');
    await again.getByRole('button', { name: 'Create organisation' }).click();
    await expect(again.getByRole('alert').filter({ hasText: 'invalid, used or expired' })).toBeVisible();
    await expect(again).toHaveURL(/\/setup\?token=/);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
