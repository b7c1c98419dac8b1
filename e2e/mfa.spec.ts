import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import {
  enrolThroughDialog,
  linkIn,
  nextTotpCode,
  readMfaState,
  seriousAccessibilityViolations,
  signInAs,
  waitForMail,
} from './fixtures';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const PASSWORD = 'a long enough passphrase';

/** The demo admin invites a new admin (through the API the Invite Users page uses). */
async function inviteAdmin(page: Page) {
  await signInAs(page, 'admin');
  const email = `mfa.${Date.now()}.${Math.floor(Math.random() * 1e6)}@northwind.example`;
  const sentAfter = new Date();
  const res = await page.request.post('/api/invitations', {
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    data: { email, role: 'admin' },
  });
  expect(res.status()).toBe(201);
  return { email, link: linkIn(await waitForMail(email, { after: sentAfter }), `${ORIGIN}/auth?token=`) };
}

/** The invitee sets name and password in a browser of their own. */
async function acceptInvitation(browser: Browser, link: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  const form = page.locator('form').filter({ has: page.getByLabel('Your name') });
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Accept Invitation' }).click();
  return { context, page };
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Two-factor authentication' }),
  ).toBeVisible();
  return page.getByRole('dialog');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('a new admin is enrolled at once, then needs a code; wrong codes count down and lock; a recovery code works once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, link } = await inviteAdmin(page);

  const { context, page: admin } = await acceptInvitation(browser, link, 'Morgan Mfa');

  // Admins always need MFA (docs/product.md §6): the enrolment dialog, and nothing of the app behind it.
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(admin.getByTestId('page-title')).toHaveCount(0);
  // A reload does not get past it.
  await admin.reload();
  await expect(dialog.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(dialog.getByTestId('mfa-secret')).toBeVisible();
  expect(await seriousAccessibilityViolations(admin)).toEqual([]);

  // The key is shown for typing it in; the codes download as a text file.
  await dialog.getByTestId('mfa-secret').waitFor();
  const secretShown = await dialog.getByTestId('mfa-secret').textContent();
  expect(secretShown?.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await enrolThroughDialog(admin, email, {
    beforeFinish: async () => {
      const download = admin.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download' }).click();
      expect((await download).suggestedFilename()).toBe('parley-recovery-codes.txt');
    },
  });
  await expect(admin.getByTestId('page-title')).toHaveText('Investor Inbox');
  const { recoveryCodes } = readMfaState(email) ?? { recoveryCodes: [] };
  expect(recoveryCodes).toHaveLength(10);

  // A later sign-in asks for a code.
  await signOut(admin);
  let verify = await signInWithPassword(admin, email);
  await verify.getByLabel('Authentication code').fill(await nextTotpCode(email));
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByTestId('page-title')).toHaveText('Investor Inbox');

  // A recovery code works once.
  await signOut(admin);
  verify = await signInWithPassword(admin, email);
  await verify.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await verify.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByTestId('page-title')).toHaveText('Investor Inbox');

  await signOut(admin);
  verify = await signInWithPassword(admin, email);
  await verify.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await verify.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify.getByText('Invalid code. Please try again.')).toBeVisible();
  await expect(verify.getByTestId('mfa-attempts')).toHaveText('4 attempt(s) remaining');

  // Wrong codes count down; at 0 Verify is disabled, and the server keeps the lock over a reload.
  await verify.getByRole('button', { name: 'Use your authenticator app instead' }).click();
  for (const remaining of [3, 2, 1]) {
    await verify.getByLabel('Authentication code').fill('000000');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(verify.getByTestId('mfa-attempts')).toHaveText(`${remaining} attempt(s) remaining`);
  }
  await verify.getByLabel('Authentication code').fill('000000');
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await expect(verify.getByText('Too many attempts. Please wait 5 minutes.')).toBeVisible();
  await admin.reload();
  await expect(verify.getByRole('button', { name: 'Verify' })).toBeDisabled();
  const locked = await admin.request.post('/api/mfa/totp/verify-login', {
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    data: { code: '000000', use_recovery: false },
  });
  expect(locked.status()).toBe(429);

  // Cancel signs out (docs/product.md §4).
  await verify.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin).toHaveURL(/\/auth$/);
  await admin.goto('/inbox');
  await expect(admin).toHaveURL(/\/auth$/);
  await context.close();
});

test('Settings shows the admin’s two-factor status and sessions, and signs another session out', async ({
  page,
  browser,
}) => {
  const { email, link } = await inviteAdmin(page);
  const { context, page: admin } = await acceptInvitation(browser, link, 'Sam Settings');
  await enrolThroughDialog(admin, email);
  await expect(admin.getByTestId('page-title')).toHaveText('Investor Inbox');

  // A second device of the same admin.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const verify = await signInWithPassword(other, email);
  await verify.getByLabel('Authentication code').fill(await nextTotpCode(email));
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByTestId('page-title')).toHaveText('Investor Inbox');

  await admin.goto('/settings');
  await expect(admin.getByText('Enabled', { exact: true })).toBeVisible();
  await expect(admin.getByText('Required by your organisation')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(admin.getByLabel('Email')).toHaveValue(email);
  await expect(admin.getByText('Contact admin to change your email')).toBeVisible();
  const rows = admin.getByTestId('own-session');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This session' })).toHaveCount(1);
  expect(await seriousAccessibilityViolations(admin)).toEqual([]);

  await rows
    .filter({ hasNotText: 'This session' })
    .getByRole('button', { name: 'End session', exact: true })
    .click();
  await expect(admin.getByText('Session signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await other.goto('/inbox');
  await expect(other).toHaveURL(/\/auth$/);

  // The profile name is saved and shown in the sidebar.
  await admin.getByLabel('Name', { exact: true }).fill('Sam Saved');
  await admin.getByRole('button', { name: 'Save Profile' }).click();
  await expect(admin.getByText('Profile saved')).toBeVisible();
  await expect(admin.getByTestId('user-name')).toHaveText('Sam Saved');
  await context.close();
  await otherContext.close();
});
