import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import { callApi, composeWithDraft, signInAs } from './fixtures';

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

/** Where the server keeps an uploaded document (DATA_DIR/documents/<org>/<fund>/<document id>). */
function storedFileOf(documentId: string, dir = join(E2E_DATA_DIR, 'documents')): string | null {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      const found = storedFileOf(documentId, path);
      if (found) return found;
    } else if (entry === documentId) return path;
  }
  return null;
}

const NOTICE = [
  'Fund Omega distribution notice.',
  'Notice date: 24 October 2025.',
  'Distribution per unit: $0.2100, paid on 14 November 2025.',
  'Tax character will be reported on Schedule K-1.',
  'Bank details are never changed by e-mail.',
].join('\n\n');

test('a library answer whose cited document changed is in Needs review, showing only the paragraph that changed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const nonce = `Rev${Date.now()}`;
  await signInAs(page, 'ir_director');
  // A fund of its own, so no other test's documents change.
  const fund = await callApi(page, 'POST', '/api/projects', {
    name: `Fund Omega ${nonce}`,
    fund_type: 'Credit',
  });
  const origin = new URL(page.url()).origin;
  const upload = await page.request.post(`/api/projects/${fund.id}/documents`, {
    headers: { Origin: origin },
    multipart: { file: { name: 'omega-notice.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTICE) } },
  });
  expect(upload.status()).toBe(201);
  const document = await upload.json();
  const passages = await callApi(
    page,
    'GET',
    `/api/compliance/library/passages?project_id=${fund.id}&q=distribution`,
  );
  const owners = await callApi(page, 'GET', '/api/compliance/library/owners');
  const title = `Omega distribution ${nonce}`;
  await callApi(page, 'POST', '/api/compliance/library', {
    title,
    question: `What is the ${nonce} distribution per unit?`,
    answer: 'The distribution is $0.2100 per unit, paid on 14 November 2025 [1].',
    project_id: fund.id,
    owner_id: owners.items[0].id,
    expires_at: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    passage_ids: [passages.items[0].id],
  });

  // The document is replaced: one figure differs; re-indexing it puts the answer in the queue.
  const stored = storedFileOf(document.id);
  expect(stored).not.toBeNull();
  writeFileSync(stored as string, readFileSync(stored as string, 'utf8').replace('$0.2100', '$0.2250'));
  await callApi(page, 'POST', `/api/projects/${fund.id}/documents/${document.id}/reindex`, {});

  await page.goto('/compliance');
  const item = page.getByTestId('review-item').filter({ hasText: title });
  const now = item.getByRole('region', { name: 'Now' });
  await expect(now.locator('ins')).toHaveText(/\$0\.2250/);
  await expect(item.getByRole('region', { name: 'As cited' }).locator('del')).toHaveText(/\$0\.2100/);
  // Only the changed paragraph; the others are counted.
  await expect(now).toContainText('… 2 paragraphs that did not change');
  await expect(now).not.toContainText('Bank details are never changed');
  const whole = item.getByRole('button', { name: 'Show the whole passage' });
  await whole.focus();
  await page.keyboard.press('Enter');
  await expect(now).toContainText('Bank details are never changed');
  await expect(item.getByRole('button', { name: 'Show only what changed' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  await item.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByTestId('review-item').filter({ hasText: title })).toHaveCount(0);
});
