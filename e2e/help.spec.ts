import { expect, test } from '@playwright/test';
import { seriousAccessibilityViolations, signInAs } from './fixtures';

test('the Help page: the FAQ expands, the shortcuts are listed and axe finds nothing serious', async ({
  page,
}) => {
  await signInAs(page, 'ir_associate');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();

  const question = page.getByRole('button', { name: 'Who can approve and send a reply?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Only directors can approve responses with high-severity flags')).toBeVisible();
  // Enter on another question opens it and closes the first (one answer at a time).
  const mfa = page.getByRole('button', { name: /two-factor authentication/ });
  await mfa.focus();
  await page.keyboard.press('Enter');
  await expect(mfa).toHaveAttribute('aria-expanded', 'true');
  await expect(question).toHaveAttribute('aria-expanded', 'false');

  const shortcuts = page.getByRole('table', { name: 'Keyboard shortcuts' });
  for (const action of [
    'Focuses search',
    'Goes to inbox',
    'Goes to analytics',
    'Logs an investor message',
    'Opens the command palette',
  ]) {
    await expect(shortcuts.getByRole('cell', { name: action })).toBeVisible();
  }

  // The sign-in toast must have gone before axe looks at the page.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});

test("shortcuts: 'g' then 'i' / 'a', '/' and 'c'; none while typing in a field", async ({ page }) => {
  await signInAs(page, 'ir_director');
  await page.goto('/help');
  await expect(page.getByTestId('page-title')).toHaveText('Help');
  // Help has no search box of its own: '/' opens the palette's search instead.
  await page.keyboard.press('/');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/inbox$/);
  const search = page.getByPlaceholder('Search messages...');
  // Until the inbox has rendered its search box, '/' opens the palette instead.
  await search.waitFor();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // Typed into the search box, the keys are text, not shortcuts.
  await page.keyboard.type('gac');
  await expect(search).toHaveValue('gac');
  await expect(page).toHaveURL(/\/inbox$/);

  await search.blur();
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/analytics$/);
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/compose$/);
});

test('the command palette opens pages and finds messages by investor name', async ({ page }) => {
  await signInAs(page, 'ir_director');

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  // The director sees the pages of the sidebar, not the admin's.
  await expect(palette.getByRole('option', { name: /Approvals/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /Invite Users/ })).toHaveCount(0);

  await input.fill('analyt');
  await expect(palette.getByRole('option', { name: /Analytics/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(palette).toBeHidden();

  // Cmd/Ctrl+K toggles: pressed again inside the palette it closes it.
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette).toBeHidden();

  await page.getByRole('button', { name: /^Search\b/ }).click();
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('margaret ch');
  await expect(palette.getByRole('option').first()).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  // The demo investor Margaret Chen wrote more than one message: the newest comes first, selected.
  const found = palette.getByRole('option', { name: /Margaret Chen/ });
  await expect(found.first()).toBeVisible();
  await expect(palette.getByRole('option', { name: /Margaret Chen Q3 distribution date/ })).toBeVisible();
  await expect(found.first()).toHaveAttribute('aria-selected', 'true');
  const messageId = ((await found.first().getAttribute('data-value')) ?? '').replace('message:', '');
  expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inbox/${messageId}$`));
  await expect(page.getByText('Margaret Chen').first()).toBeVisible();

  // An action: Toggle theme flips the page's theme.
  const wasDark = await page.locator('html').evaluate((html) => html.classList.contains('dark'));
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox').fill('toggle theme');
  await page.keyboard.press('Enter');
  if (wasDark) await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('at 375 px the palette opens from the top bar and fits the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInAs(page, 'ir_associate');
  await page.getByRole('button', { name: /^Search\b/ }).click();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const box = await palette.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(375);
  // An associate may compose but does not see the directors' pages.
  await expect(palette.getByRole('option', { name: 'Log investor message' })).toBeVisible();
  await expect(palette.getByRole('option', { name: /Analytics/ })).toHaveCount(0);
  await palette.getByRole('option', { name: /Settings/ }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await page.getByRole('button', { name: /^Search\b/ }).click();
  await palette.getByRole('combobox').fill('sign out');
  await palette.getByRole('option', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await context.close();
});
