import { expect, type Page, test } from '@playwright/test';
import { composeWithDraft, signInAs, submitAndApprove } from './fixtures';

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

/** The open thread's draft, with `from` replaced by `to` in it, saved as a new version and reopened. */
async function editDraft(page: Page, from: RegExp, to: string) {
  const draft = page.getByLabel('Draft', { exact: true });
  const threadUrl = page.url();
  const version = Number((await page.getByLabel('Draft version').textContent())?.replace(/\D/g, ''));
  await draft.fill((await draft.inputValue()).replace(from, to));
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await page.goto(threadUrl);
  await expect(page.getByLabel('Draft version')).toHaveText(`Version ${version + 1}`);
}

const QUESTION = 'When will the Q3 distribution be paid, and what is the amount per unit?';

test('a draft with an invented figure is flagged, and its fix quotes and cites the passage that holds the right one', async ({
  page,
}) => {
  await signInAs(page, 'ir_associate');
  await composeWithDraft(page, {
    fund: 'Fund Alpha - Core Real Estate',
    subject: `Q3 amount ${Date.now()}`,
    body: QUESTION,
  });
  const draft = page.getByLabel('Draft', { exact: true });
  await expect(draft).toHaveValue(/\$0\.1450/);
  await editDraft(page, /\$0\.1450/g, '$0.1550');

  await page.getByRole('button', { name: 'Check Compliance', exact: true }).click();
  const flag = page.getByTestId('compliance-flag').filter({ hasText: 'Unsupported figure' });
  await expect(flag).toContainText('$0.1550');
  await expect(flag).toContainText('No cited passage contains $0.1550');
  await flag.getByRole('button', { name: /Apply Fix/ }).click();

  await expect(page.getByLabel('Draft version')).toHaveText(/Version 3/);
  await expect(draft).toHaveValue(/\$0\.1450.*\[\d\]/);
  await expect(draft).not.toHaveValue(/\$0\.1550/);
  await expect(page.getByTestId('compliance-flag').filter({ hasText: 'Unsupported figure' })).toHaveCount(0);
  await expect(page.getByText('Sources Referenced').locator('..')).toContainText('0.1450');
});

test('a second investor asking the same question sees the first answer, and a different figure is flagged', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const nonce = `Ref${Date.now()}`;
  const first = `Ada Example ${nonce}`;
  const associateContext = await browser.newContext();
  const associate = await associateContext.newPage();
  await signInAs(associate, 'ir_associate', { fresh: true });

  // The first investor's reply states another figure than the documents, and is approved and sent.
  await composeWithDraft(associate, {
    fund: 'Fund Alpha - Core Real Estate',
    subject: `Q3 distribution ${nonce}`,
    body: `${QUESTION} ${nonce}`,
    investor: first,
  });
  await editDraft(associate, /\$0\.1450/g, '$0.1550');
  const directorContext = await browser.newContext();
  const director = await directorContext.newPage();
  await signInAs(director, 'ir_director', { fresh: true });
  await submitAndApprove(associate, director, `Q3 distribution ${nonce}`);

  // The second investor asks the same: the first answer is shown, and the draft's figure contradicts it.
  await composeWithDraft(associate, {
    fund: 'Fund Alpha - Core Real Estate',
    subject: `Q3 distribution ${nonce}`,
    body: `${QUESTION} ${nonce}`,
    investor: `Ben Example ${nonce}`,
  });
  await expect(associate.getByText('Answered before')).toBeVisible();
  await expect(associate.getByText(first).first()).toBeVisible();
  await expect(
    associate.getByText(new RegExp(`Inconsistent with the reply sent to ${first} on`)).first(),
  ).toBeVisible();
});
