import { type Browser, expect, test } from '@playwright/test';
import { composeToFund, seriousAccessibilityViolations, signInAs } from './fixtures';

async function signedInPage(browser: Browser, role: 'ir_associate' | 'ir_director') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, role, { fresh: true });
  return page;
}

test('a director keeps a template; an associate checks a promissory draft, applies the fix and inserts it', async ({
  browser,
}) => {
  // A journey of two users with sign-ins and MFA: slower than one page under a loaded CI.
  test.setTimeout(120_000);
  const director = await signedInPage(browser, 'ir_director');
  await director.goto('/compliance');
  await expect(director.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
  // The page shows the last recorded check: record one, so the spec does not depend on another's run.
  await director.getByRole('button', { name: 'Verify now' }).click();
  await expect(director.getByText('Hash chain verified')).toBeVisible();
  await expect(director.getByRole('cell', { name: 'guaranteed', exact: true })).toBeVisible();
  const title = `Distribution wording ${Date.now()}`;
  await director.getByRole('button', { name: 'Add template' }).click();
  await director.getByRole('textbox', { name: 'Title' }).fill(title);
  await director
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('Distributions are declared each quarter and are not fixed in advance.');
  await director.getByRole('button', { name: 'Save template' }).click();
  await expect(director.getByText('Template saved')).toBeVisible();
  await expect(director.getByText(title)).toBeVisible();
  // Checked once the toast has gone (it fades in and out).
  await expect(director.getByText('Template saved')).toBeHidden({ timeout: 10_000 });
  expect(await seriousAccessibilityViolations(director)).toEqual([]);

  const associate = await signedInPage(browser, 'ir_associate');
  await composeToFund(associate, `Q3 payment ${Date.now()}`, 'When will the Q3 distribution be paid?');
  const draft = associate.getByLabel('Draft', { exact: true });
  await draft.fill('Dear Margot,\n\nYour return is guaranteed.\n\nKind regards,');
  // Exact: a disabled 'Apply Fix' names 'Check Compliance' in its reason when an earlier flag stands.
  await associate.getByRole('button', { name: 'Check Compliance', exact: true }).click();
  await expect(associate.getByText('1 compliance flags detected').first()).toBeVisible();
  await expect(associate.getByText('Director approval required')).toBeVisible();
  const flags = associate.getByRole('heading', { name: 'Compliance Flags' }).locator('../..');
  await expect(flags).toContainText('guaranteed');
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 2');
  await expect(associate.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousAccessibilityViolations(associate)).toEqual([]);

  await flags.getByRole('button', { name: /Apply Fix/ }).click();
  await expect(associate.getByText('Suggestion applied')).toBeVisible();
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 3');
  await expect(draft).toHaveValue(/Your return is targeted\./);
  await expect(associate.getByText('No compliance issues found!')).toBeVisible();

  await draft.focus();
  await draft.press('ControlOrMeta+End');
  await associate.getByRole('button', { name: 'Insert template' }).click();
  await associate.getByRole('dialog').getByRole('searchbox', { name: 'Search templates' }).fill(title);
  await associate
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await expect(draft).toHaveValue(/Kind regards,Distributions are declared each quarter/);
  await expect(associate.getByText('The draft changed since this check.').first()).toBeVisible();
});
