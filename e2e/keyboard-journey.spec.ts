import type { Role } from '@parley/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoUser } from './fixtures';

/**
 * The reply's whole journey without a mouse (docs/product.md §2 Layout, Focus): an associate signs in,
 * opens a message with j and Enter, generates, checks and submits; a director opens the queue from the
 * command palette and approves. Focus is asserted at each step.
 */

/** Presses Tab until `target` has the focus, as a keyboard user would; fails past `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function signInByKeyboard(page: Page, role: Role) {
  const user = demoUser(role);
  await page.goto('/');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/inbox$/, { timeout: 30_000 });
}

test('an associate drafts, checks and submits, and a director approves, by keyboard alone', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const associate = await (await browser.newContext()).newPage();
  await signInByKeyboard(associate, 'ir_associate');
  const subject = `Keyboard journey ${Date.now()}`;
  const projects = await (await associate.request.get('/api/projects')).json();
  const created = await associate.request.post('/api/messages', {
    headers: { origin: new URL(associate.url()).origin },
    data: {
      investor_name: 'Kim Keyboard',
      investor_email: 'kim.keyboard@example.com',
      project_id: projects.items[0].id,
      subject,
      body_text: 'When will the next distribution be paid?',
    },
  });
  expect(created.status()).toBe(201);

  // '/' focuses the search; with the subject typed the message is the first row (other specs add
  // messages at the same time); Tab leaves the field, j focuses the row, Enter opens it.
  await associate.keyboard.press('/');
  await expect(associate.getByPlaceholder('Search messages...')).toBeFocused();
  await associate.keyboard.type(subject);
  const row = associate.getByRole('link', { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(associate.getByRole('link', { name: /Keyboard journey/ })).toHaveCount(1);
  await associate.keyboard.press('Tab');
  await associate.keyboard.press('j');
  await expect(row).toBeFocused();
  await associate.keyboard.press('Enter');
  const heading = associate.getByRole('heading', { level: 1, name: subject });
  await expect(heading).toBeFocused();

  await tabTo(associate, associate.getByRole('button', { name: 'Generate AI Draft' }));
  await associate.keyboard.press('Enter');
  await expect(associate.getByLabel('Draft', { exact: true })).toBeFocused({ timeout: 30_000 });

  await tabTo(associate, associate.getByRole('button', { name: 'Check Compliance', exact: true }));
  await associate.keyboard.press('Enter');
  await expect(
    associate
      .getByRole('status')
      .filter({ hasText: /compliance flags detected|No compliance issues found!/ }),
  ).toBeFocused({ timeout: 30_000 });

  await tabTo(associate, associate.getByRole('button', { name: 'Submit for Approval' }));
  await associate.keyboard.press('Enter');
  await expect(associate.getByRole('region', { name: 'Approval status' })).toBeFocused();
  await associate.context().close();

  const director = await (await browser.newContext()).newPage();
  await signInByKeyboard(director, 'ir_director');
  // Typed only once the palette holds the focus: on a loaded machine the page that just signed in
  // may not listen for Ctrl+K yet, or the palette opens a moment later.
  const palette = director.getByRole('dialog', { name: 'Command palette' });
  await expect(async () => {
    if (!(await palette.isVisible())) await director.keyboard.press('Control+k');
    await expect(palette.getByRole('combobox')).toBeFocused({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await director.keyboard.type('Approvals');
  await expect(palette.getByRole('option', { name: /Approvals/ }).first()).toBeVisible();
  await director.keyboard.press('Enter');
  await expect(director.getByRole('heading', { level: 1, name: 'Approval Queue' })).toBeFocused();
  const item = director.getByRole('listitem').filter({ hasText: subject });
  await tabTo(director, item.getByRole('button', { name: 'Approve & Send' }), 200);
  await director.keyboard.press('Enter');
  const dialog = director.getByRole('dialog');
  const reason = dialog.getByLabel(/Why may this reply go out despite its high-severity flags/);
  if (await reason.isVisible()) {
    await tabTo(director, reason);
    await director.keyboard.type('Checked against the fund documents by the director.');
  }
  await tabTo(director, dialog.getByRole('button', { name: 'Approve & Send' }));
  await director.keyboard.press('Enter');
  await expect(director.getByRole('region', { name: 'Pending approvals' })).toBeFocused({ timeout: 30_000 });
  await expect(item).toHaveCount(0);
  await director.context().close();
});
