import { expect, test } from '@playwright/test';
import { signInAs } from './fixtures';

/**
 * Keyboard triage in the inbox (docs/product.md §2 Inbox): j/k move the focus over the rows, Enter opens
 * the focused one, x selects, the bulk bar resolves the selection, e resolves one row and its Undo
 * reopens it.
 */
test('j/k, Enter, x with a bulk resolve, and e with Undo', async ({ page }) => {
  await signInAs(page, 'ir_associate');
  const tag = `Triage ${Date.now()}`;
  const origin = new URL(page.url()).origin;
  const projects = await (await page.request.get('/api/projects')).json();
  for (const n of [1, 2, 3]) {
    const created = await page.request.post('/api/messages', {
      headers: { origin },
      data: {
        investor_name: `Triage Investor ${n}`,
        investor_email: `triage-${n}@example.com`,
        project_id: projects.items[0].id,
        subject: `${tag} question ${n}`,
        body_text: 'When is the distribution paid?',
      },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto('/inbox');
  const search = page.getByPlaceholder('Search messages...');
  await search.fill(tag);
  const rows = page.getByRole('link', { name: new RegExp(tag) });
  await expect(rows).toHaveCount(3);
  // New messages are unread for everyone, their writer too.
  await expect(rows.first()).toContainText('Unread');
  await search.blur();

  // Newest first: question 3, 2, 1.
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${tag} question 3`);

  await page.goBack();
  // The search is the page's state, not the URL's: type it again.
  await search.fill(tag);
  await expect(rows).toHaveCount(3);
  // Opened, so read now.
  await expect(rows.nth(0)).not.toContainText('Unread');
  await page.getByRole('heading', { level: 1, name: 'Investor Inbox' }).click();
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  const bar = page.getByRole('region', { name: 'Selected messages' });
  await expect(bar.getByText('2 messages selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('2 messages resolved')).toBeVisible();
  await expect(bar).toBeHidden();
  const items = page.locator('[data-message-row]');
  await expect(items.nth(0).getByText('Resolved', { exact: true })).toBeVisible();
  await expect(items.nth(1).getByText('Resolved', { exact: true })).toBeVisible();

  // e on the third row resolves it; Undo reopens it.
  await rows.nth(2).focus();
  await page.keyboard.press('e');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Message resolved' });
  await expect(items.nth(2).getByText('Resolved', { exact: true })).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(items.nth(2).getByText('Open', { exact: true })).toBeVisible();
});

/** The empty inbox says why it is empty, and its button leads on (docs/product.md §2 Inbox). */
test('a search without a match says so and clears back to the list', async ({ page }) => {
  await signInAs(page, 'ir_associate');
  await page.goto('/inbox');
  const search = page.getByPlaceholder('Search messages...');
  await search.fill('zzqx-no-such-words');
  await expect(page.getByText('No message matches “zzqx-no-such-words”')).toBeVisible();
  // A demo organisation has messages: not the first-message call to action.
  await expect(page.getByRole('link', { name: 'Log the first message' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(page.getByRole('checkbox', { name: /^Select the message from / }).first()).toBeVisible();
});
