import { type Browser, expect, test } from '@playwright/test';
import { buildPdf } from '../apps/server/test/document-fixtures';
import { composeWithDraft, signInAs } from './fixtures';

async function signedInPage(browser: Browser, role: 'ir_associate' | 'ir_director') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, role, { fresh: true });
  return page;
}

test('compose, draft with sources, edit to a new version; a colleague sees the message arrive live', async ({
  browser,
}) => {
  const colleague = await signedInPage(browser, 'ir_associate');
  const author = await signedInPage(browser, 'ir_director');
  const subject = `Q3 distribution timing ${Date.now()}`;

  await composeWithDraft(author, {
    fund: 'Fund Alpha - Core Real Estate',
    subject,
    body: 'When will the Q3 distribution be paid, and what is the amount per unit?',
  });
  const sources = author.getByText('Sources Referenced').locator('..');
  // Both the notice and the quarterly letter state the distribution: either is a right source.
  await expect(sources).toContainText(/distribution-notice-q3-2025\.txt|q3-2025-quarterly-letter\.md/);
  await expect(author.getByLabel('Draft', { exact: true })).toHaveValue(/0\.1450/);

  // The colleague's inbox, open since before the message existed, shows it without a reload.
  await expect(colleague.getByText(subject)).toBeVisible({ timeout: 5000 });

  const threadUrl = author.url();
  await author
    .getByLabel('Draft', { exact: true })
    .fill('Dear Margot, the Q3 distribution is paid on 14 November 2025.');
  await author.getByRole('button', { name: 'Save Draft' }).click();
  await expect(author).toHaveURL(/\/inbox$/);
  await author.goto(threadUrl);
  await expect(author.getByLabel('Draft version')).toHaveText('Version 2');
  await expect(author.getByLabel('Draft', { exact: true })).toHaveValue(/14 November 2025/);
});

test('a PDF uploaded to a fund becomes citable in drafts', async ({ page }) => {
  await signInAs(page, 'ir_director');
  await page.goto('/projects');
  await page.getByRole('link', { name: /Fund Gamma - Infrastructure/ }).click();
  const fileName = `solberg-update-${Date.now()}.pdf`;
  await page.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: buildPdf([
      ['Solberg battery storage update'],
      [
        'The Solberg battery storage site reaches commercial operation on 15 March 2026 with 120 MW of capacity.',
      ],
    ]),
  });
  await expect(page.getByRole('row').filter({ hasText: fileName }).getByText('Indexed')).toBeVisible();

  await composeWithDraft(page, {
    fund: 'Fund Gamma - Infrastructure',
    subject: `Solberg battery storage ${Date.now()}`,
    body: 'When does the Solberg battery storage site reach commercial operation, and what is its capacity?',
  });
  await expect(page.getByText('Sources Referenced').locator('..')).toContainText(`${fileName}, page 2`);
  await expect(page.getByLabel('Draft', { exact: true })).toHaveValue(/15 March 2026/);
});

test('a thread link to a message that does not exist says so, with no dead-end retry', async ({ page }) => {
  await signInAs(page, 'ir_associate');
  await page.goto('/inbox/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Failed to load message')).toBeVisible();
  await expect(
    page.getByText('This message does not exist, or belongs to another organisation.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});
