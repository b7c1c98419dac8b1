import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { composeToFund, signInAs } from './fixtures';

/** The page in light and in dark mode, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/shots/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens a figure's drill-down and returns the row of the message with `subject`. */
async function drillRow(page: Page, open: () => Promise<void>, subject: string) {
  await open();
  const sheet = page.getByRole('dialog');
  const row = sheet.getByTestId('analytics-drill-items').getByRole('listitem').filter({ hasText: subject });
  await expect(row).toBeVisible();
  return { sheet, row };
}

/**
 * docs/product.md §2 Analytics and Reports: an associate's reply saying 'risk-free' is flagged, a director
 * approves it over the flag with a rating; Analytics shows the draft, the flagged term and the rating,
 * each leading to the message; the director's Compliance report holds the reply.
 */
test('a flagged reply approved with a rating shows on Analytics and in the Compliance report', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const subject = `Risk-free question ${Date.now()}`;

  const associateContext = await browser.newContext();
  const associate = await associateContext.newPage();
  await signInAs(associate, 'ir_associate', { fresh: true });
  await composeToFund(associate, subject, 'Is the fund risk-free for a pension scheme?');
  const threadUrl = associate.url();
  await associate
    .getByLabel('Draft', { exact: true })
    .fill('Dear Margot, this fund is risk-free. Kind regards, Avery');
  await associate.getByRole('button', { name: 'Save Draft' }).click();
  await expect(associate).toHaveURL(/\/inbox$/);
  await associate.goto(threadUrl);
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 2');
  await associate.getByRole('button', { name: 'Check Compliance', exact: true }).click();
  await expect(
    associate.getByRole('status').filter({ hasText: '1 compliance flags detected' }),
  ).toBeFocused();
  await associate.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(
    associate.getByRole('region', { name: /Notifications/ }).getByText('Submitted for approval'),
  ).toBeVisible();

  const directorContext = await browser.newContext();
  const director = await directorContext.newPage();
  await signInAs(director, 'ir_director', { fresh: true });
  await director.goto('/approvals');
  const item = director
    .locator('[data-testid="approval-item"], article, li')
    .filter({ hasText: subject })
    .first();
  await item.getByRole('button', { name: 'Approve & Send' }).click();
  const dialog = director.getByRole('dialog');
  await dialog.locator('label').filter({ hasText: '4 stars' }).click();
  await expect(dialog.getByText('4 of 5')).toBeVisible();
  await dialog
    .getByLabel(/Why may this reply go out despite its high-severity flags/)
    .fill('The investor quoted our own marketing; compliance cleared the reply.');
  await dialog.getByRole('button', { name: 'Approve & Send' }).click();
  await expect(
    director.getByRole('region', { name: /Notifications/ }).getByText('Response approved and marked final!'),
  ).toBeVisible();

  await director.goto('/analytics?period=7d');
  await expect(director.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await expect(director.getByTestId('kpi-drafts')).toBeVisible();
  await shoot(director, 'analytics');

  const drafts = await drillRow(director, () => director.getByTestId('kpi-drafts').click(), subject);
  await director.keyboard.press('Escape');
  await expect(drafts.sheet).toBeHidden();

  const term = await drillRow(
    director,
    () =>
      director
        .getByRole('button')
        .filter({ hasText: /^risk-free/ })
        .first()
        .click(),
    subject,
  );
  await expect(term.row).toContainText('high: risk-free (sent)');
  await director.keyboard.press('Escape');

  const rated = await drillRow(director, () => director.getByTestId('kpi-rating').click(), subject);
  await expect(rated.row).toContainText('Rated 4 of 5');
  await shoot(director, 'analytics-drill');
  await rated.row.getByRole('link').first().click();
  await expect(director).toHaveURL(threadUrl);

  await director.goto('/reports');
  await director.getByRole('button', { name: 'Generate Report' }).click();
  const form = director.getByRole('dialog');
  await form.getByLabel('Type').click();
  await director.getByRole('option', { name: 'Compliance' }).click();
  await form.getByLabel('Period').click();
  await director.getByRole('option', { name: 'Last 7 days' }).click();
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  // Made in the background: the row shows its progress, then the downloads.
  const pdf = director.getByRole('link', { name: /^Download PDF of the Compliance report/ }).first();
  await expect(pdf).toBeVisible({ timeout: 60_000 });
  await shoot(director, 'reports');

  const [pdfFile] = await Promise.all([director.waitForEvent('download'), pdf.click()]);
  expect(pdfFile.suggestedFilename()).toMatch(
    /^parley-compliance-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const document = await getDocumentProxy(new Uint8Array(await readFile(await pdfFile.path())));
  // Table cells wrap: compare the words, not the line breaks.
  const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain(subject);
  expect(text).toContain('high: risk-free');
  expect(text).toContain('The investor quoted our own marketing; compliance cleared the reply.');
  expect(text).not.toContain('undefined');

  const csv = director.getByRole('link', { name: /^Download CSV of the Compliance report/ }).first();
  const [csvFile] = await Promise.all([director.waitForEvent('download'), csv.click()]);
  const rows = (await readFile(await csvFile.path(), 'utf8'))
    .split('\n')
    .filter((row) => row.includes(subject));
  expect(rows.length).toBeGreaterThan(0);

  await associateContext.close();
  await directorContext.close();
});
