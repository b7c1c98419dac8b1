import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  createUnsubscribeToken,
  deriveUnsubscribeKey,
} from '../apps/server/src/features/email/unsubscribe-token';
import { E2E_DATA_DIR } from '../playwright.config';

/** The link Parley puts in its mail, made with the E2E server's own key. */
function unsubscribeLink(email: string) {
  const key = deriveUnsubscribeKey(
    Buffer.from(readFileSync(`${E2E_DATA_DIR}/encryption.key`, 'utf8').trim(), 'base64'),
  );
  return `/email/unsubscribe?${new URLSearchParams({ email, token: createUnsubscribeToken(key, email) })}`;
}

test('without an e-mail the unsubscribe page is an invalid request', async ({ page }) => {
  await page.goto('/email/unsubscribe');
  await expect(page.getByRole('heading', { name: 'Invalid Request' })).toBeVisible();
  await expect(page.getByText('Email address is required')).toBeVisible();
});

test('a reader leaves weekly reports, and the choice is kept', async ({ page }) => {
  const email = `reader.${Date.now()}@example.com`;
  await page.goto(unsubscribeLink(email));
  const weekly = page.getByRole('checkbox', { name: 'Weekly Reports' });
  const alerts = page.getByRole('checkbox', { name: 'System Alerts' });
  await expect(weekly).toBeChecked();
  await expect(alerts).toBeChecked();

  await page.getByRole('button', { name: 'Update Preferences' }).click();
  await expect(page.getByText('No changes')).toBeVisible();
  await expect(page.getByText('All preferences are enabled')).toBeVisible();

  await weekly.click();
  await page.getByRole('button', { name: 'Update Preferences' }).click();
  await expect(page.getByText('You have been unsubscribed from weekly reports.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Weekly Reports' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'System Alerts' })).toBeChecked();
  await page.getByRole('button', { name: 'Unsubscribe from All' }).click();
  await expect(page.getByText('You have been unsubscribed from all Parley e-mails.')).toBeVisible();
});

test('a forged link shows an error and changes nothing', async ({ page }) => {
  await page.goto('/email/unsubscribe?email=someone%40example.com&token=forged');
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
  await expect(page.getByRole('button', { name: 'Unsubscribe from All' })).toHaveCount(0);
});
