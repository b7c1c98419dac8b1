import { expect, test } from '@playwright/test';
import { composeWithDraft, signInAs } from './fixtures';

// docs/drafting-eval.md: drafts that say so when the fund documents are silent.

test('a question the fund documents do not answer gets a plain follow-up draft that cites nothing', async ({
  page,
}) => {
  await signInAs(page, 'ir_associate');
  await composeWithDraft(page, {
    fund: 'Fund Alpha - Core Real Estate',
    subject: `Q4 distribution ${Date.now()}`,
    body: 'How much will the fourth-quarter distribution be per unit, and when is it paid?',
  });
  const draft = page.getByLabel('Draft', { exact: true });
  await expect(draft).toHaveValue(/I don't have that information in the fund documents available to me/);
  // The third quarter's figure is in the documents; it must not pass for the fourth's.
  await expect(draft).not.toHaveValue(/0\.1450/);
  await expect(draft).not.toHaveValue(/\[1\]/);
});
