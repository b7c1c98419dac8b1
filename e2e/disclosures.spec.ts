import { expect, type Page, test } from '@playwright/test';
import { signInAs, submitAndApprove } from './fixtures';

/** The page in light and in dark mode, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/shots/disclosures-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Regulation FD (docs/decisions/053-non-public-documents.md): a director marks one passage of a fund's
 * letter non-public; the associate's draft citing it is flagged 'Selective disclosure'; a director
 * approves and sends it with a written reason; the fund's Disclosures page lists that reply to that
 * investor, and marking the passage public there clears it. The fund is the test's own, so no other
 * journey's drafts are flagged.
 */
test('a reply citing a non-public passage is flagged, sent with a reason and listed in the Disclosures', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const fund = `Disclosure Fund ${stamp}`;
  const fileName = `q4-letter-${stamp}.md`;
  const investor = `Ines Disclosure ${stamp}`;
  const investorEmail = `ines-${stamp}@example.com`;
  const subject = `Q4 payout ${stamp}`;

  const directorContext = await browser.newContext();
  const director = await directorContext.newPage();
  await signInAs(director, 'ir_director');
  await director.goto('/projects');
  await director.getByRole('button', { name: 'New Project' }).click();
  const create = director.getByRole('dialog');
  await create.getByLabel('Name').fill(fund);
  await create.getByLabel('Fund type').fill('Real Estate');
  await create.getByRole('button', { name: 'Create fund' }).click();
  // Creating a fund opens its page.
  await expect(director.getByRole('heading', { name: fund })).toBeVisible();

  const letter = `# Q4 2026 letter\n\nThe Q4 2026 distribution will be $0.2100 per unit, paid on 15 February 2027 to unitholders of record on 31 December 2026.\n`;
  await director
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: 'text/markdown', buffer: Buffer.from(letter) });
  const row = director.getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText('Indexed')).toBeVisible();

  // The passage count opens the document's passages; one is marked non-public on its own.
  await row.getByRole('button', { name: new RegExp(`passages of ${fileName}`) }).click();
  const sheet = director.getByRole('dialog', { name: `Passages of ${fileName}` });
  const passage = sheet.getByTestId('document-passage').filter({ hasText: 'Q4 2026 distribution' });
  await passage.getByRole('button', { name: /non-public$/ }).click();
  const mark = director.getByRole('dialog', { name: 'Mark non-public' });
  await mark.getByRole('button', { name: 'Mark non-public' }).click();
  await expect(mark).toBeHidden();
  await expect(passage.getByText('Non-public', { exact: true })).toBeVisible();
  await shoot(director, 'passages');
  await director.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // The associate's generated draft cites the passage and is flagged.
  const associateContext = await browser.newContext();
  const associate = await associateContext.newPage();
  await signInAs(associate, 'ir_associate');
  await associate.goto('/compose');
  await associate.getByLabel('Investor name').fill(investor);
  await associate.getByLabel('Investor email').fill(investorEmail);
  await associate.getByLabel('Project / fund').click();
  await associate.getByRole('option', { name: fund }).click();
  await associate.getByLabel('Subject').fill(subject);
  await associate
    .getByLabel('Message', { exact: true })
    .fill('What will the Q4 2026 distribution per unit be, and when is it paid?');
  await associate.getByRole('button', { name: 'Log and draft a reply' }).click();
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 1');
  await associate.getByRole('button', { name: 'Check Compliance', exact: true }).click();
  await expect(associate.getByRole('heading', { name: 'Compliance Flags' })).toBeVisible();
  await expect(associate.getByText('Selective disclosure').first()).toBeVisible();
  // A director sends it over the flag, with a written reason.
  await submitAndApprove(
    associate,
    director,
    subject,
    'The Q4 letter is published to every investor today; agreed with compliance.',
  );

  // The fund's Disclosures page, from its Project page, lists the reply to that investor.
  await director.goto('/projects');
  await director.getByRole('link', { name: new RegExp(fund) }).click();
  await director.getByRole('link', { name: 'Disclosures' }).click();
  await expect(director.getByRole('heading', { name: 'Disclosures' })).toBeVisible();
  const entry = director.getByTestId('disclosure-row').filter({ hasText: investor });
  await expect(entry).toContainText(investorEmail);
  await expect(entry.getByRole('link', { name: subject })).toBeVisible();
  await expect(entry.getByText("Sent over 'Selective disclosure'")).toBeVisible();
  await expect(entry.getByText('Passage non-public now')).toBeVisible();
  await shoot(director, 'ledger');

  // The search finds the investor by e-mail; marking the passage public clears it from the row.
  await director.getByLabel('Search by investor name or e-mail').fill(investorEmail);
  await expect(director.getByTestId('disclosure-row')).toHaveCount(1);
  await entry.getByRole('button', { name: /Mark the cited passage of .* public/ }).click();
  await expect(
    director.getByRole('region', { name: /Notifications/ }).getByText('Passage marked public'),
  ).toBeVisible();
  await expect(entry.getByText('Passage non-public now')).toHaveCount(0);
  await expect(entry.getByText("Sent over 'Selective disclosure'")).toBeVisible();

  // An analyst reads the ledger and cannot mark anything.
  const analystContext = await browser.newContext();
  const analyst = await analystContext.newPage();
  await signInAs(analyst, 'is_associate');
  await analyst.goto(director.url());
  await expect(analyst.getByTestId('disclosure-row').filter({ hasText: investor })).toBeVisible();
  await expect(analyst.getByRole('button', { name: /public/ })).toHaveCount(0);

  await analystContext.close();
  await associateContext.close();
  await directorContext.close();
});
