import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { linkIn, signInAs, waitForMail } from './fixtures';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const uniqueEmail = (who: string) =>
  `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@northwind.example`;

/** An admin sends an invitation through the Invite Users screen and it arrives by SMTP. */
async function invite(page: Page, email: string, role: string) {
  await page.goto('/admin/invite');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: role, exact: true }).click();
  const sentAfter = new Date();
  await page.getByRole('button', { name: 'Send Invitation', exact: true }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  return linkIn(await waitForMail(email, { after: sentAfter }), `${ORIGIN}/auth?token=`);
}

/** The invitee opens the link in a browser of their own, sets a password and lands in the inbox. */
async function accept(browser: Browser, link: string, name: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText('Invitation Pending')).toBeVisible();
  const form = page.locator('form').filter({ has: page.getByLabel('Your name') });
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  return { context, page };
}

test('an admin invites a director, who accepts from the e-mail and lands in the inbox', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'admin');
  const email = uniqueEmail('dana');
  const link = await invite(page, email, 'IR Director');

  const invitee = await accept(browser, link, 'Dana Newhire', 'a long enough passphrase');
  await expect(invitee.page.getByText('Invitation accepted!')).toBeVisible();
  await expect(invitee.page.getByTestId('user-role')).toHaveText('IR Director');
  await expect(invitee.page.getByTestId('user-name')).toHaveText('Dana Newhire');

  // The link is single use.
  const again = await browser.newPage();
  await again.goto(link);
  await expect(again.getByText('This invitation has already been accepted')).toBeVisible();
  await invitee.context.close();

  await page.reload();
  await page.getByRole('tab', { name: /Accepted/ }).click();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
});

test("a deleted invitation's link no longer works", async ({ page, browser }) => {
  await signInAs(page, 'admin');
  const email = uniqueEmail('gone');
  const link = await invite(page, email, 'IR Associate');

  await page.getByRole('button', { name: `Delete invitation for ${email}` }).click();
  await page.getByLabel('Reason (optional)').fill('Sent to the wrong address');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Invitation deleted successfully')).toBeVisible();

  const invitee = await browser.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText('This invitation has been deleted')).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Accept Invitation' })).toHaveCount(0);
});

test('resends stop at the daily cap', async ({ page }) => {
  await signInAs(page, 'admin');
  const email = uniqueEmail('resend');
  await invite(page, email, 'IS Associate');
  const resend = page.getByRole('button', { name: `Resend invitation for ${email}` });
  for (const remaining of [2, 1, 0]) {
    await resend.click();
    await expect(
      page.getByText(`Invitation resent successfully. ${remaining} resends remaining today.`),
    ).toBeVisible();
  }
  await expect(resend).toBeDisabled();
  expect(
    await page.request
      .post(`/api/invitations/${await invitationIdOf(page, email)}/resend`, {
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        data: {},
      })
      .then((r) => r.status()),
  ).toBe(429);
});

/** The invitation's id, read from the API the page uses. */
async function invitationIdOf(page: Page, email: string): Promise<string> {
  const res = await page.request.get('/api/invitations?tab=pending&limit=100');
  const body = (await res.json()) as { items: { id: string; email: string }[] };
  const row = body.items.find((item) => item.email === email);
  if (!row) throw new Error(`no pending invitation for ${email}`);
  return row.id;
}

test('a magic link signs a member in, once', async ({ page, browser }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('associate@parley.example');
  const sentAfter = new Date();
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByText('Magic link sent! Check your email.')).toBeVisible();
  const link = linkIn(
    await waitForMail('associate@parley.example', { after: sentAfter }),
    `${ORIGIN}/auth/magic?token=`,
  );

  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in to Parley' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByTestId('user-name')).toHaveText('Avery Associate');

  const second = await browser.newPage();
  await second.goto(link);
  await second.getByRole('button', { name: 'Sign in to Parley' }).click();
  await expect(second.getByText(/expired or was already used/)).toBeVisible();
});

// The page answers a stranger as it answers a member, so it tells nobody who has an account
// (docs/decisions/038-no-account-enumeration.md); only the member gets a mail.
test('an uninvited e-mail gets the same answer as a member, and no mail', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(uniqueEmail('stranger'));
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByText('Magic link sent! Check your email.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Invite-only access' })).toHaveCount(0);
});

test('a password reset link works once, and the new password signs in', async ({ page, browser }) => {
  await signInAs(page, 'admin');
  const email = uniqueEmail('reset');
  const link = await invite(page, email, 'IR Associate');
  const invitee = await accept(browser, link, 'Riley Reset', 'the first passphrase');
  await invitee.context.close();

  const visitor = await browser.newPage();
  await visitor.goto('/auth');
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  // The page loads lazily: fill its field, not the sign-in form's that is still on screen.
  await expect(visitor.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await visitor.getByLabel('Email').fill(email);
  const sentAfter = new Date();
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    visitor.getByText('If an account exists for that address, we have sent a link to reset the password.'),
  ).toBeVisible();
  const resetLink = linkIn(await waitForMail(email, { after: sentAfter }), `${ORIGIN}/auth/reset?token=`);

  const changePassword = async (target: Page) => {
    await target.goto(resetLink);
    await target.getByLabel('New password', { exact: true }).fill('the second passphrase');
    await target.getByLabel('Confirm new password').fill('the second passphrase');
    await target.getByRole('button', { name: 'Change password' }).click();
  };
  await changePassword(visitor);
  await expect(
    visitor.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();

  const replay = await browser.newPage();
  await changePassword(replay);
  await expect(replay.getByRole('alert')).toContainText('expired or was already used');

  await visitor.goto('/auth');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password').fill('the second passphrase');
  await visitor.getByRole('button', { name: 'Sign In' }).click();
  await expect(visitor).toHaveURL(/\/inbox$/);
});

test('a newcomer may accept without a password and sign in with magic links', async ({ page, browser }) => {
  await signInAs(page, 'admin');
  const email = uniqueEmail('linkonly');
  const link = await invite(page, email, 'IR Associate');

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await invitee.getByLabel('Your name').fill('Lee Linkonly');
  await invitee.getByRole('button', { name: 'Accept without a password' }).click();
  await expect(invitee).toHaveURL(/\/inbox$/);
  await invitee.getByRole('button', { name: 'Sign Out' }).click();
  await expect(invitee).toHaveURL(/\/auth$/);

  await invitee.getByLabel('Email').fill(email);
  const sentAfter = new Date();
  await invitee.getByRole('button', { name: 'Send Magic Link' }).click();
  const magic = linkIn(await waitForMail(email, { after: sentAfter }), `${ORIGIN}/auth/magic?token=`);
  await invitee.goto(magic);
  await invitee.getByRole('button', { name: 'Sign in to Parley' }).click();
  await expect(invitee.getByTestId('user-name')).toHaveText('Lee Linkonly');
  await context.close();
});
