import { SIDEBAR_COOKIE, THEME_STORAGE_KEY } from '@parley/contracts';
import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations, signInAs } from './fixtures';

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the theme follows the system by default and a choice survives a reload', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await signInAs(page, 'ir_associate');
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('light');
  await context.close();
});

test('the sidebar collapses with Ctrl+B and stays collapsed after a reload', async ({ page, context }) => {
  await signInAs(page, 'admin');
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookie = (await context.cookies()).find((c) => c.name === SIDEBAR_COOKIE);
  expect(cookie?.value).toBe('false');
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(6 * 86_400);

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('the sidebar column runs the whole length of a page longer than the screen', async ({ page }) => {
  await signInAs(page, 'ir_director');
  await page.goto('/compliance');
  await expect(page.getByRole('heading', { name: 'Cleared flags' })).toBeVisible();
  const column = await page.evaluate(() => {
    const gap = document.querySelector('[data-slot="sidebar-gap"]');
    const panel = document.querySelector('[data-slot="sidebar-container"]');
    if (!gap || !panel) return null;
    return {
      pageHeight: document.documentElement.scrollHeight,
      screenHeight: window.innerHeight,
      columnBottom: gap.getBoundingClientRect().bottom + window.scrollY,
      columnColour: getComputedStyle(gap).backgroundColor,
      panelColour: getComputedStyle(panel).backgroundColor,
    };
  });
  expect(column).not.toBeNull();
  expect(column?.pageHeight).toBeGreaterThan(2 * (column?.screenHeight ?? 0));
  expect(column?.columnBottom).toBeGreaterThanOrEqual((column?.pageHeight ?? 0) - 1);
  expect(column?.columnColour).toBe(column?.panelColour);
});

test('under 768 px the sidebar is a sheet opened from the top bar', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, 'ir_director');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toBeHidden();
  // The top bar has no room for the theme on a phone: it is in the menu's footer.
  await expect(page.getByRole('group', { name: 'Theme' })).toBeHidden();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(menu).toBeVisible();
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await menu.getByRole('link', { name: 'Approvals' }).click();
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(menu).toBeHidden();
  await context.close();
});

test('a non-admin is turned away from email health with "Access Denied", said once', async ({ page }) => {
  await signInAs(page, 'ir_director');
  await page.goto('/admin/system/email-health');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page')).toHaveCount(1);
  await expect(page.getByText('Access Denied')).toHaveCount(1);
  await expect(page).toHaveURL(/\/admin\/system\/email-health$/);
  await page.getByRole('link', { name: 'Go to the inbox' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
});

test('an admin opens email health and the signed-in layout passes axe', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByRole('link', { name: 'Email Health' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Email Health');
  await expect(page.getByTestId('email-health-overall')).toBeVisible();
  await expect(page).toHaveTitle(/Email Health/);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test('every gated page turns away a role without its capability', async ({ page }) => {
  await signInAs(page, 'ir_associate');
  for (const path of ['/approvals', '/audit', '/admin/invite']) {
    await page.goto(path);
    await expect(page.getByText('Access Denied')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('a move to another page puts focus on its heading, from the sidebar and from the phone menu', async ({
  browser,
}) => {
  const desktop = await browser.newContext();
  const page = await desktop.newPage();
  await signInAs(page, 'ir_director');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
  await desktop.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await signInAs(small, 'ir_director');
  await small.getByRole('button', { name: 'Toggle sidebar' }).click();
  await small.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(small).toHaveURL(/\/approvals$/);
  await expect(small.getByRole('heading', { level: 1 })).toBeFocused();
  await phone.close();
});
