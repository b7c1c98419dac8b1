import { formatRole, ROLES, type Role, SESSION_COOKIE } from '@parley/contracts';
import { expect, test } from '@playwright/test';
import { demoUser, readMenu, seriousAccessibilityViolations, signInAs } from './fixtures';

const MENUS: Record<Role, Record<string, string[]>> = {
  admin: {
    Workflow: ['Inbox', 'Log investor message', 'Approvals', 'Projects'],
    Reporting: ['Analytics', 'Compliance', 'Audit Logs', 'Reports'],
    Administration: ['Admin', 'Invite Users', 'Security Settings', 'Email Health'],
    System: ['Settings', 'Help'],
  },
  ir_director: {
    Workflow: ['Inbox', 'Log investor message', 'Approvals', 'Projects'],
    Reporting: ['Analytics', 'Compliance', 'Audit Logs', 'Reports'],
    System: ['Settings', 'Help'],
  },
  ir_associate: { Workflow: ['Inbox', 'Log investor message', 'Projects'], System: ['Settings', 'Help'] },
  is_associate: { Workflow: ['Inbox', 'Log investor message', 'Projects'], System: ['Settings', 'Help'] },
};

for (const role of ROLES) {
  test(`a ${role} signs in and sees the menu of the role`, async ({ page }) => {
    const user = await signInAs(page, role);
    await expect(page.getByTestId('user-name')).toHaveText(user.name);
    await expect(page.getByTestId('user-role')).toHaveText(formatRole(role));
    await expect(page.getByTestId('page-title')).toHaveText('Investor Inbox');
    expect(await readMenu(page)).toEqual(MENUS[role]);
    expect(user.email).toContain('@parley.example');
  });
}

test('a wrong password is refused with "Invalid credentials" and no session', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(demoUser('ir_director').email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/auth$/);
});

test('after repeated wrong passwords the form says how long to wait, and offers the magic link', async ({
  page,
}) => {
  // An address with no account waits exactly like a member's (nothing tells them apart), and no
  // other test signs in with it.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(`nobody-${Date.now()}@parley.example`);
  const signIn = page.getByRole('button', { name: 'Sign In' });
  const alert = page.getByRole('alert').filter({ hasText: /Invalid credentials|Too many attempts/ });
  for (let attempt = 1; attempt <= 7; attempt++) {
    await page.getByLabel('Password').fill(`wrong password ${attempt}`);
    await signIn.click();
    await expect(alert).toBeVisible();
    if (await page.getByTestId('sign-in-wait').isVisible()) break;
  }
  await expect(alert).toContainText('Too many attempts. Please wait and try again.');
  await expect(page.getByTestId('sign-in-wait')).toHaveText(
    /^You can sign in again in \d+ seconds, or use Send Magic Link\.$/,
  );
  await expect(signIn).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send Magic Link' })).toBeEnabled();
});

test('Send Magic Link with no e-mail asks for one', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your email address' })).toBeVisible();
});

test('the sign-in page states it is invite-only and passes axe', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByText(/invite-only/i).first()).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('an invitation link that is not valid says so and still offers sign-in', async ({ page }) => {
  await page.goto('/auth?token=not-a-real-invitation');
  await expect(page.getByText('This invitation link is not valid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a signed-out visitor is sent to /auth, and a signed-in one away from it', async ({ page }) => {
  await page.goto('/approvals');
  await expect(page).toHaveURL(/\/auth$/);
  await signInAs(page, 'ir_associate');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/inbox$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/inbox$/);
});

test('signing out revokes the session on the server and returns to /auth', async ({ page, context }) => {
  await signInAs(page, 'ir_director');
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/auth$/);

  // The old token is dead on the server, not merely forgotten by the browser.
  const replay = await page.request.get('/api/auth/session', {
    headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
  });
  expect(replay.status()).toBe(401);
});
