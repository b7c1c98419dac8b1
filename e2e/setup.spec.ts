import { expect, test } from '@playwright/test';
import { type EmptyParley, startEmptyParley } from './empty-parley';
import { enrolThroughDialog, verifyThroughDialog } from './fixtures';
import { SETUP_PORT } from './mail-sink-ports';

/** A second Parley on an empty database of its own: the setup link exists only while there are no users. */
const PORT = SETUP_PORT;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FOUNDER = 'fran@northwind.example';
const FOUNDER_PASSWORD = 'a long enough passphrase';
const ASSOCIATE = 'ari@northwind.example';

test.describe
  .serial('a new Parley', () => {
    let started: EmptyParley;
    test.beforeAll(() => {
      started = startEmptyParley({ port: PORT, origin: ORIGIN, name: 'setup' });
    });
    test.afterAll(() => started.stop());

    test('the first-start link creates the organisation and its first admin, once', async ({ browser }) => {
      const link = await started.setupLink;
      const page = await browser.newPage();
      await page.goto(link);
      await page.getByLabel('Organisation name').fill('Northwind Capital');
      await page.getByLabel('Your name').fill('Fran Founder');
      await page.getByLabel('Email').fill(FOUNDER);
      await page.getByLabel('Password').fill('too-short');
      await page.getByRole('button', { name: 'Create organisation' }).click();
      await expect(page.getByText('Use at least 12 characters')).toBeVisible();

      await page.getByLabel('Password').fill(FOUNDER_PASSWORD);
      await page.getByRole('button', { name: 'Create organisation' }).click();
      await expect(page).toHaveURL(/\/inbox$/);
      // The first admin is an admin: two-factor enrolment comes first (docs/product.md §6).
      await enrolThroughDialog(page, FOUNDER);
      await expect(page.getByTestId('user-name')).toHaveText('Fran Founder');
      await expect(page.getByTestId('user-role')).toHaveText('Admin');
      // A new organisation has no fund yet, and messages belong to one: the inbox says what comes first.
      await expect(page.getByText('No funds yet')).toBeVisible();
      await page.getByRole('link', { name: 'Go to Projects' }).click();
      await expect(page).toHaveURL(/\/projects$/);

      // Opened again once set up, the link says so and leads to sign-in instead of offering the form.
      const again = await browser.newPage();
      await again.goto(link);
      await expect(again.getByRole('heading', { name: 'Parley is already set up' })).toBeVisible();
      await expect(again.getByLabel('Organisation name')).toHaveCount(0);
      await again.getByRole('link', { name: 'Go to sign in' }).click();
      await expect(again).toHaveURL(/\/auth$/);
    });

    test('with MFA enforced, an invited associate is enrolled at sign-up', async ({ browser }) => {
      const admin = await browser.newPage();
      await admin.goto(`${ORIGIN}/auth`);
      await admin.getByLabel('Email').fill(FOUNDER);
      await admin.getByLabel('Password').fill(FOUNDER_PASSWORD);
      await admin.getByRole('button', { name: 'Sign In' }).click();
      await verifyThroughDialog(admin, FOUNDER);
      await expect(admin).toHaveURL(/\/inbox$/);

      await admin.goto(`${ORIGIN}/admin/security`);
      await admin.getByRole('switch', { name: 'Enforce MFA for all users' }).click();
      await expect(admin.getByText('Settings updated')).toBeVisible();
      await expect(admin.getByText('Enforced', { exact: true })).toBeVisible();

      // No SMTP on this server: the admin takes the link the way Copy Link does.
      const headers = { 'content-type': 'application/json', origin: ORIGIN };
      const created = await admin.request.post(`${ORIGIN}/api/invitations`, {
        headers,
        data: { email: ASSOCIATE, role: 'ir_associate' },
      });
      const { invitation } = (await created.json()) as { invitation: { id: string } };
      const linkRes = await admin.request.post(`${ORIGIN}/api/invitations/${invitation.id}/link`, {
        headers,
        data: {},
      });
      const { url } = (await linkRes.json()) as { url: string };

      const context = await browser.newContext();
      const invitee = await context.newPage();
      await invitee.goto(url);
      const form = invitee.locator('form').filter({ has: invitee.getByLabel('Your name') });
      await form.getByLabel('Your name').fill('Ari Associate');
      await form.getByLabel('Password').fill('an associate passphrase');
      await form.getByRole('button', { name: 'Accept Invitation' }).click();
      await enrolThroughDialog(invitee, ASSOCIATE);
      await expect(invitee).toHaveURL(/\/inbox$/);
      await expect(invitee.getByTestId('user-role')).toHaveText('IR Associate');
      await context.close();
    });
  });
