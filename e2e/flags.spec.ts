import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { composeToFund, demoUser, seriousAccessibilityViolations, signInAs } from './fixtures';

const SHOTS = '/tmp/shots';

/** The same element in the light and the dark theme (the app follows the system's by default). */
async function shootBothThemes(page: Page, target: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await target.screenshot({ path: `${SHOTS}/dismiss-${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await target.screenshot({ path: `${SHOTS}/dismiss-${name}-dark.png` });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a director clears a high flag as not a problem here and finds it in the Compliance center', async ({
  page,
}) => {
  const director = demoUser('ir_director');
  await signInAs(page, 'ir_director');
  const subject = `Certain return ${Date.now()}`;
  await composeToFund(page, subject, 'Is my return certain?');

  const draft = page.getByLabel('Draft', { exact: true });
  await draft.fill('Dear Margot,\n\nYour return is guaranteed.\n\nKind regards,');
  await page.getByRole('button', { name: 'Check Compliance', exact: true }).click();
  await expect(page.getByLabel('Draft version')).toHaveText('Version 2');
  const panel = page.getByRole('heading', { name: 'Compliance Flags' }).locator('../..');
  const flag = panel.getByTestId('compliance-flag').filter({ hasText: 'guaranteed' }).first();
  await expect(flag).toBeVisible();
  await expect(flag.getByTestId('flag-rationale')).not.toBeEmpty();

  const reason = `The sponsor's guarantee is a fact of the bond, noted ${Date.now()}.`;
  await flag.getByRole('button', { name: /Not a problem here/ }).click();
  const reasonField = flag.getByLabel('Why is this not a problem here?');
  await expect(reasonField).toBeFocused();
  await reasonField.fill('Too short');
  await flag.getByRole('button', { name: 'Clear flag' }).click();
  await expect(flag.getByText(/at least 10 characters/).first()).toBeVisible();
  await reasonField.fill(reason);
  await expect(flag.getByText(/at least 10 characters\)/)).toBeHidden();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await shootBothThemes(page, panel, 'flag-form');
  await flag.getByRole('button', { name: 'Clear flag' }).click();
  await expect(page.getByText('Flag cleared')).toBeVisible();

  const cleared = panel.locator('[data-cleared="true"]').filter({ hasText: 'guaranteed' });
  await expect(cleared).toContainText(`Cleared by ${director.name}: ${reason}`);
  await expect(cleared.getByRole('button', { name: /Restore flag/ })).toBeVisible();
  await expect(page.getByText('No compliance issues found!')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await shootBothThemes(page, panel, 'flags-panel');

  await page.goto('/compliance');
  const section = page.getByRole('heading', { name: 'Cleared flags' }).locator('../../..');
  await section.getByRole('searchbox', { name: 'Search by term or reason' }).fill(reason);
  const row = section.getByTestId('cleared-flag');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Your return is guaranteed.');
  await expect(row.locator('mark')).toHaveText('guaranteed');
  await expect(row).toContainText(`Cleared by ${director.name}: ${reason}`);
  await expect(row).toContainText(subject);
  await shootBothThemes(page, section, 'cleared-flags');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Export (JSONL)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^parley-cleared-flags-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  const example = lines.map((line) => JSON.parse(line)).find((e) => e.reason === reason);
  expect(example).toMatchObject({
    text: 'Your return is guaranteed.',
    label: 'clean',
    severity: 'high',
    origin: 'dismissal',
  });

  await row.getByRole('link', { name: /Open thread/ }).click();
  await expect(page.getByRole('heading', { name: 'Compliance Flags' })).toBeVisible();
  await expect(page.getByText(`Cleared by ${director.name}: ${reason}`)).toBeVisible();
});

// The checker reads the sentence: a promised figure is flagged with why, a guarantee that is a fact
// of the instrument is not (packages/guardrails/README.md, sentence frames and context).
test('the checker explains a promised return and lets a sponsor guarantee be', async ({ page }) => {
  await signInAs(page, 'ir_director');
  await page.goto('/compliance');
  const box = page.getByRole('heading', { name: 'Try the checker' }).locator('../..');
  const text = box.getByLabel('Text to check');

  await text.fill("You'll earn 9% a year, paid every quarter.");
  await box.getByRole('button', { name: 'Check text' }).click();
  const flag = box.getByTestId('try-flag').first();
  await expect(flag).toBeVisible();
  await expect(flag.getByTestId('flag-rationale')).toContainText('9%');

  await text.fill('The bonds are guaranteed by the sponsor.');
  await box.getByRole('button', { name: 'Check text' }).click();
  await expect(box.getByTestId('try-no-flags')).toBeVisible();
  await expect(box.getByTestId('try-flag')).toHaveCount(0);
});
