import { expect, test } from '@playwright/test';
import { buildPdf } from '../apps/server/test/document-fixtures';
import { signInAs } from './fixtures';

test('a director uploads a PDF to a fund and it is indexed with its pages', async ({ page }) => {
  await signInAs(page, 'ir_director');
  await page.goto('/projects');
  await page.getByRole('link', { name: /Fund Gamma - Infrastructure/ }).click();
  await expect(page.getByRole('heading', { name: 'Fund Gamma - Infrastructure' })).toBeVisible();

  const fileName = `q4-outlook-${Date.now()}.pdf`;
  const pdf = buildPdf([
    ['Fund Gamma fourth quarter outlook'],
    ['The Solberg battery storage site reaches commercial operation on 15 March 2026.'],
  ]);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });

  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText('Indexed')).toBeVisible();
  await expect(row).toContainText('2'); // pages
});

test('an analyst sees the funds but cannot upload or create', async ({ page }) => {
  await signInAs(page, 'is_associate');
  await page.goto('/projects');
  await expect(page.getByRole('link', { name: /Fund Alpha - Core Real Estate/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Project' })).toHaveCount(0);
  await page.getByRole('link', { name: /Fund Alpha - Core Real Estate/ }).click();
  await expect(page.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
});
