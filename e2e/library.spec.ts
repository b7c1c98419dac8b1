import { expect, test } from '@playwright/test';
import { composeWithDraft, signInAs } from './fixtures';

// docs/decisions/028-answer-library.md: a sent reply's answer becomes an approved library answer.

const QUESTION = 'When will the Q3 distribution be paid, and what is the amount per unit?';

test('a director saves a sent reply to the answer library, edits the prefilled answer and approves it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const nonce = `Lib${Date.now()}`;
  const subject = `Q3 distribution ${nonce}`;
  await signInAs(page, 'ir_director');
  await composeWithDraft(page, { fund: 'Fund Alpha - Core Real Estate', subject, body: QUESTION });
  await expect(page.getByLabel('Draft', { exact: true })).toHaveValue(/\$0\.1450/);
  // Nothing to save before the reply is sent.
  await expect(page.getByRole('link', { name: 'Save to library' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve & Send' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve & Send' }).click();
  await expect(page.getByTestId('approval-sent')).toBeVisible();

  await page.getByRole('link', { name: 'Save to library' }).click();
  await expect(page).toHaveURL(/\/compliance\?library_from=/);
  const form = page.getByRole('dialog', { name: 'Add library answer' });
  await expect(form.getByLabel('Title')).toHaveValue(subject);
  await expect(form.getByLabel('Question investors ask')).toHaveValue(QUESTION);
  const answer = form.getByLabel('Approved answer');
  await expect(answer).toHaveValue(/\$0\.1450/);
  // The reply's greeting, thanks and closing stay out: a draft written from the answer adds its own.
  await expect(answer).not.toHaveValue(/Dear |Thank you for your message|Kind regards/);
  await expect(form.getByLabel('Fund')).toHaveText('Fund Alpha - Core Real Estate');
  await expect(form.getByRole('group', { name: /Sources \([1-8]\)/ })).toBeVisible();

  // The author edits before saving: a question only this test asks, so no other test's draft uses it.
  const question = `How is the ${nonce} distribution quoted?`;
  await form.getByLabel('Question investors ask').fill(question);
  await answer.fill(`${await answer.inputValue()} Distributions are paid after each quarter end.`);
  await form.getByRole('button', { name: 'Add and approve' }).click();
  await expect(form.getByText('Choose the member who owns this answer')).toBeVisible();
  await form.getByLabel('Owner').click();
  await page.getByRole('option').first().click();
  await form.getByRole('button', { name: 'Add and approve' }).click();

  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Library answer saved'),
  ).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page).not.toHaveURL(/library_from/);
  const row = page.getByTestId('library-answer').filter({ hasText: subject });
  await expect(row).toContainText(question);
  await expect(row).toContainText('Distributions are paid after each quarter end.');
  await expect(row).toContainText(/· [1-8] sources?/);
  await expect(row).toContainText('Fund Alpha - Core Real Estate');
});
