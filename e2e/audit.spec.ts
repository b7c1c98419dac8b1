import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { composeWithDraft, signInAs, submitAndApprove } from './fixtures';

const run = promisify(execFile);

/** The page in light and in dark mode, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/shots/audit-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * docs/audit-format.md: an associate's message and a director's approval are both on the admin's
 * Audit Logs, filtering to approvals shows the approval alone, and Export Logs downloads a file that
 * the offline verifier accepts with nothing but the file and the public key.
 */
test('an admin finds a composed message and its approval on Audit Logs, and the export verifies offline', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const nonce = `Audit${Date.now()}`;
  const investor = `Ines Audit ${nonce}`;

  const associateContext = await browser.newContext();
  const associate = await associateContext.newPage();
  await signInAs(associate, 'ir_associate', { fresh: true });
  await composeWithDraft(associate, {
    fund: 'Fund Alpha - Core Real Estate',
    subject: `Management fee ${nonce}`,
    body: `What is the management fee of Fund Alpha? ${nonce}`,
    investor,
  });
  const threadUrl = associate.url();
  const directorContext = await browser.newContext();
  const director = await directorContext.newPage();
  await signInAs(director, 'ir_director', { fresh: true });
  await submitAndApprove(associate, director, `Management fee ${nonce}`);

  const adminContext = await browser.newContext({ acceptDownloads: true });
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin', { fresh: true });
  await admin.goto('/audit');
  const entries = admin.getByRole('table', { name: 'Audit log entries' });
  // Both entries, newest first: the approval above the message it answers.
  const created = entries.getByRole('row', { name: /^Message created by / }).first();
  const approved = entries.getByRole('row', { name: /^Reply approved by / }).first();
  await expect(created).toBeVisible();
  await expect(approved).toBeVisible();
  await shoot(admin, 'list');

  await admin.getByRole('button', { name: 'Filter' }).click();
  const filter = admin.getByRole('dialog');
  await filter.getByLabel('Reply approved').check();
  await filter.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin.getByRole('list', { name: 'Active filters' })).toContainText('Reply approved');
  await expect(entries.getByRole('row', { name: /^Reply approved by / }).first()).toBeVisible();
  await expect(entries.getByRole('row', { name: /^Message created by / })).toHaveCount(0);
  await shoot(admin, 'filtered');

  // Exported as filtered: the file says so, and the verifier checks its entries one by one.
  await admin.getByRole('button', { name: 'Export Logs' }).click();
  const exportDialog = admin.getByRole('dialog');
  await exportDialog.getByLabel(/JSON Lines/).check();
  const downloading = admin.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^parley-audit-log-.*\.jsonl$/);

  const dir = mkdtempSync(path.join(tmpdir(), 'parley-e2e-audit-'));
  const file = path.join(dir, 'export.jsonl');
  await download.saveAs(file);
  const key = await admin.request.get('/api/audit/public-key');
  expect(key.status()).toBe(200);
  writeFileSync(path.join(dir, 'key.pem'), await key.text());

  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli.ts',
      'audit',
      'verify',
      '--file',
      file,
      '--pubkey',
      path.join(dir, 'key.pem'),
    ],
    {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
      env: { PATH: process.env.PATH ?? '' },
    },
  );
  expect(stdout).toMatch(/^OK \(filtered export\): (1 entry matches its|\d+ entries each match their) hash/);

  // The thread's evidence pack, from its page, verifies offline with the same key.
  await admin.goto(threadUrl);
  await expect(admin.getByRole('link', { name: 'Export evidence' })).toBeVisible();
  await shoot(admin, 'thread');
  const packDownload = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Export evidence' }).click();
  const pack = await packDownload;
  expect(pack.suggestedFilename()).toMatch(/^parley-evidence-[0-9a-f]{8}-\d{4}-\d\d-\d\d\.zip$/);
  const packFile = path.join(dir, 'pack.zip');
  await pack.saveAs(packFile);
  const verified = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli.ts',
      'audit',
      'verify-pack',
      '--file',
      packFile,
      '--pubkey',
      path.join(dir, 'key.pem'),
    ],
    {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
      env: { PATH: process.env.PATH ?? '' },
    },
  );
  expect(verified.stdout).toMatch(/^OK: 1 thread,/);

  // A selection's pack names a bad field before anything is asked of the server.
  await admin.goto('/audit');
  await admin.getByRole('button', { name: 'Evidence Pack' }).click();
  const packDialog = admin.getByRole('dialog');
  await packDialog.getByLabel('Investor email').fill('not-an-address');
  await packDialog.getByRole('button', { name: 'Download' }).click();
  await expect(packDialog.getByText("Enter the investor's e-mail address")).toBeVisible();
  await shoot(admin, 'evidence-dialog');
  await admin.keyboard.press('Escape');
  // System Health shows the last verification and checkpoint.
  await admin.goto('/admin');
  await expect(admin.getByText('Last checkpoint')).toBeVisible();
  await shoot(admin, 'system-health');

  await associateContext.close();
  await directorContext.close();
  await adminContext.close();
});
