import { expect, test } from '@playwright/test';
import { signInAs } from './fixtures';

/**
 * docs/decisions/030-data-retention.md: an admin opens Data Retention from the Admin panel, places a
 * legal hold on an investor with a reason, sees it among the active holds, and releases it with a
 * reason; it then stands among the released ones.
 */
test('an admin places a legal hold on an investor and releases it, each with a reason', async ({ page }) => {
  test.setTimeout(120_000);
  const investor = `held-${Date.now()}@example.com`;
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('link', { name: /Data Retention/ }).click();
  await expect(page).toHaveURL(/\/admin\/retention$/);

  await page.getByRole('button', { name: 'Place hold' }).click();
  const place = page.getByRole('dialog');
  await place.getByLabel('Covers').click();
  await page.getByRole('option', { name: 'An investor (by e-mail)' }).click();
  await place.getByLabel('Investor email').fill(investor);
  // Without a reason nothing is placed, and the field says why.
  await place.getByRole('button', { name: 'Place hold' }).click();
  await expect(place.getByText('Reason is required')).toBeVisible();
  await place.getByLabel('Reason').fill('Litigation notice received');
  await place.getByRole('button', { name: 'Place hold' }).click();
  await expect(place).toBeHidden();

  const active = page.getByRole('list', { name: 'Active holds' });
  const hold = active.getByRole('listitem').filter({ hasText: investor });
  await expect(hold).toContainText('Litigation notice received');
  await hold.getByRole('button', { name: 'Release' }).click();
  const release = page.getByRole('dialog');
  await release.getByLabel('Reason').fill('Matter settled');
  await release.getByRole('button', { name: 'Release hold' }).click();
  await expect(release).toBeHidden();
  await expect(active.getByRole('listitem').filter({ hasText: investor })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Released' }).click();
  await expect(
    page.getByRole('list', { name: 'Released holds' }).getByRole('listitem').filter({ hasText: investor }),
  ).toContainText('Matter settled');
});
