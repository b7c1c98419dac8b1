import { expect, type Page, test } from '@playwright/test';
import { signInAs, waitForMail } from './fixtures';

/** The page in light and in dark mode, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/shots/approver-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The approval journey (docs/product.md §4 Approvals): an associate's draft saying 'guaranteed' is flagged
 * high and cannot be
 * finalised by them; they submit it; a director approves and sends it from the queue; the reply
 * reaches the investor's mailbox (the SMTP sink); the message is resolved; the audit chain verifies.
 */
test('a flagged draft goes through a director to the investor', async ({ browser }) => {
  // A journey of two users with sign-ins and MFA: slower than one page under a loaded CI.
  test.setTimeout(120_000);
  const started = new Date();
  const investorEmail = `investor-${Date.now()}@example.com`;
  const subject = `Return guarantee ${Date.now()}`;

  const associateContext = await browser.newContext();
  const associate = await associateContext.newPage();
  await signInAs(associate, 'ir_associate', { fresh: true });
  await associate.goto('/compose');
  await associate.getByLabel('Investor name').fill('Rosa Investor');
  await associate.getByLabel('Investor email').fill(investorEmail);
  await associate.getByLabel('Project / fund').click();
  await associate.getByRole('option', { name: 'Fund Alpha - Core Real Estate' }).click();
  await associate.getByLabel('Subject').fill(subject);
  await associate
    .getByLabel('Message', { exact: true })
    .fill('Can you confirm the Q3 distribution per unit?');
  await associate.getByRole('button', { name: 'Log and draft a reply' }).click();
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 1');
  const threadUrl = associate.url();

  const reply = 'Dear Rosa, your Q3 distribution is guaranteed. Kind regards, Avery';
  await associate.getByLabel('Draft', { exact: true }).fill(reply);
  await associate.getByRole('button', { name: 'Save Draft' }).click();
  await expect(associate).toHaveURL(/\/inbox$/);
  await associate.goto(threadUrl);
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 2');

  await associate.getByRole('button', { name: 'Check Compliance', exact: true }).click();
  // The result is said once, in the flag summary, which takes focus (docs/product.md §2 Layout, Focus).
  const summary = associate.getByRole('status').filter({ hasText: '1 compliance flags detected' });
  await expect(summary).toBeFocused();
  const toasts = associate.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('1 compliance flags detected')).toHaveCount(0);
  await expect(associate.getByRole('heading', { name: 'Compliance Flags' })).toBeVisible();
  await expect(
    associate.getByText('‘guaranteed’').or(associate.getByText("'guaranteed'")).first(),
  ).toBeVisible();
  // The associate may not finalise a high-severity draft: the button says why and does nothing.
  const finalise = associate.getByTestId('finalise');
  await expect(finalise).toHaveText(/Mark Final/);
  await expect(finalise).toHaveAttribute('aria-disabled', 'true');
  await expect(finalise).toContainText('Only directors can approve responses with high-severity flags');

  await associate.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toasts.getByText('Submitted for approval')).toBeVisible();
  await expect(associate.getByRole('region', { name: 'Approval status' })).toBeFocused();

  const directorContext = await browser.newContext();
  const director = await directorContext.newPage();
  await signInAs(director, 'ir_director', { fresh: true });
  await director.goto('/approvals');
  const item = director.locator('article, li, [data-testid="approval-item"]').filter({ hasText: subject });
  await expect(item.first()).toBeVisible();
  await expect(item.first().getByText('Flagged', { exact: true })).toBeVisible();
  // The queue shows the flagged passage, marked, with why it was flagged.
  const messageId = new URL(threadUrl).pathname.split('/').at(-1) ?? '';
  const latest = await (await director.request.get(`/api/messages/${messageId}/drafts/latest`)).json();
  const flag = latest.compliance.flags[0];
  const rationale: string = flag.rationale || flag.explanation;
  expect(rationale.length).toBeGreaterThan(0);
  const excerpts = item.first().getByTestId('approval-excerpts');
  await expect(excerpts.locator('mark')).toHaveText(/^guaranteed/);
  await expect(excerpts.getByText(rationale, { exact: true })).toBeVisible();
  await shoot(director, 'queue');

  await item.first().getByRole('button', { name: 'Approve & Send' }).click();
  const dialog = director.getByRole('dialog');
  // The dialog restates the draft with the flag marked, and every unresolved flag with its rationale.
  // (The mark also carries its severity and rationale for screen readers.)
  const shown = dialog.getByTestId('approve-draft-text');
  await expect(shown).toContainText('Dear Rosa, your Q3 distribution is guaranteed');
  await expect(shown).toContainText('. Kind regards, Avery');
  await expect(shown.locator('mark')).toHaveText(/^guaranteed/);
  const flags = dialog.getByTestId('approve-flags').getByRole('listitem');
  await expect(flags).toHaveCount(latest.compliance.flags.length);
  await expect(flags.first()).toContainText('High');
  await expect(flags.first()).toContainText(rationale);
  // Over a high flag, a written reason is required: the confirm button stays disabled until then.
  const confirm = dialog.getByRole('button', { name: 'Approve & Send' });
  const reason = dialog.getByLabel(/Why may this reply go out despite its high-severity flags/);
  await expect(confirm).toBeDisabled();
  await reason.fill('   too short   ');
  await expect(dialog.getByRole('alert')).toHaveText('Write at least 10 characters');
  await expect(confirm).toBeDisabled();
  await reason.fill('The investor asked about a contractually guaranteed distribution (side letter §4).');
  await expect(confirm).toBeEnabled();
  await shoot(director, 'dialog');
  await confirm.click();
  await expect(
    director.getByRole('region', { name: /Notifications/ }).getByText('Response approved and marked final!'),
  ).toBeVisible();
  // The approved item has left the queue: focus is on the queue, not lost to the page.
  await expect(director.getByRole('region', { name: 'Pending approvals' })).toBeFocused();

  const mail = await waitForMail(investorEmail, { after: started });
  expect(mail.subject).toBe(`Re: ${subject}`);
  expect(mail.text).toContain('your Q3 distribution is guaranteed');

  // The associate's open thread follows without a reload; the inbox card says Resolved.
  await associate.goto('/inbox');
  await associate.getByPlaceholder('Search messages...').fill(subject);
  await expect(associate.getByText('Resolved', { exact: true }).first()).toBeVisible();

  // The Compliance center shows the last recorded verification; Verify now records a new one.
  await director.goto('/compliance');
  await director.getByRole('button', { name: 'Verify now' }).click();
  await expect(director.getByText(/hash chain verified/i).first()).toBeVisible();
  await shoot(director, 'compliance');
  const verify = await director.request.get('/api/audit/verify');
  expect(verify.status()).toBe(200);
  expect(await verify.json()).toMatchObject({ valid: true });

  await associateContext.close();
  await directorContext.close();
});
