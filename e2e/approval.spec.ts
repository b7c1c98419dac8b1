import { expect, test } from '@playwright/test';
import { signInAs, waitForMail } from './fixtures';

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
  await associate.getByRole('button', { name: 'Generate AI Response' }).click();
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 1');
  const threadUrl = associate.url();

  const reply = 'Dear Rosa, your Q3 distribution is guaranteed. Kind regards, Avery';
  await associate.getByLabel('Draft', { exact: true }).fill(reply);
  await associate.getByRole('button', { name: 'Save Draft' }).click();
  await expect(associate).toHaveURL(/\/inbox$/);
  await associate.goto(threadUrl);
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 2');

  await associate.getByRole('button', { name: 'Check Compliance' }).click();
  const toasts = associate.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('1 compliance flags detected')).toBeVisible();
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

  const directorContext = await browser.newContext();
  const director = await directorContext.newPage();
  await signInAs(director, 'ir_director', { fresh: true });
  await director.goto('/approvals');
  const item = director.locator('article, li, [data-testid="approval-item"]').filter({ hasText: subject });
  await expect(item.first()).toBeVisible();
  await expect(item.first().getByText('Flagged', { exact: true })).toBeVisible();
  await item.first().getByRole('button', { name: 'Approve & Send' }).click();
  const dialog = director.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve & Send' }).click();
  await expect(
    director.getByRole('region', { name: /Notifications/ }).getByText('Response approved and marked final!'),
  ).toBeVisible();

  const mail = await waitForMail(investorEmail, { after: started });
  expect(mail.subject).toBe(`Re: ${subject}`);
  expect(mail.text).toContain('your Q3 distribution is guaranteed');

  // The associate's open thread follows without a reload; the inbox card says Resolved.
  await associate.goto('/inbox');
  await associate.getByPlaceholder('Search messages...').fill(subject);
  await expect(associate.getByText('Resolved', { exact: true }).first()).toBeVisible();

  await director.goto('/compliance');
  await expect(director.getByText(/hash chain verified/i).first()).toBeVisible();
  const verify = await director.request.get('/api/audit/verify');
  expect(verify.status()).toBe(200);
  expect(await verify.json()).toMatchObject({ valid: true });

  await associateContext.close();
  await directorContext.close();
});
