import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { buildPdf } from '../apps/server/test/document-fixtures';
import { E2E_INBOUND_DOMAIN } from '../playwright.config';
import { signInAs, submitAndApprove, waitForMail } from './fixtures';
import { INBOUND_SMTP_PORT } from './mail-sink-ports';

/** The page in light and in dark mode, for a person to look at (not compared). */
async function shoot(page: Page, name: string) {
  mkdirSync('/tmp/shots', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Transitions finished, so a theme just switched is shown whole.
    await page.screenshot({ path: `/tmp/shots/inbound-${name}-${scheme}.png`, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A Message-ID as headers carry it, with its angle brackets. */
function bracketed(id: string): string {
  return id.startsWith('<') ? id : `<${id}>`;
}

/**
 * docs/decisions/058-inbound-email.md: a reply is approved and sent; the investor answers it from their
 * mail program (In-Reply-To naming the reply's Message-ID, to the Reply-To address it carried), the mail
 * reaches Parley's SMTP listener, and the answer appears in the thread the associate has open — without
 * a reload — as the message the draft workspace now answers, the earlier message and the sent reply above
 * it, its PDF attachment ready to download or add to the fund's documents.
 */
test('an investor’s e-mailed answer to a sent reply joins the open thread without a reload', async ({
  browser,
}) => {
  // Two users with sign-ins and MFA, an approval, a mail out and a mail in.
  test.setTimeout(180_000);
  const nonce = Date.now();
  const started = new Date();
  const investorEmail = `iris-${nonce}@example.com`;
  const subject = `Capital call timing ${nonce}`;
  const fund = 'Fund Beta - Growth Equity';

  const associateContext = await browser.newContext();
  const associate = await associateContext.newPage();
  await signInAs(associate, 'ir_associate', { fresh: true });
  await associate.goto('/compose');
  await associate.getByLabel('Investor name').fill('Iris Investor');
  await associate.getByLabel('Investor email').fill(investorEmail);
  await associate.getByLabel('Project / fund').click();
  await associate.getByRole('option', { name: fund }).click();
  await associate.getByLabel('Subject').fill(subject);
  await associate.getByLabel('Message', { exact: true }).fill('When is the next capital call due?');
  await associate.getByRole('button', { name: 'Log and draft a reply' }).click();
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 1');
  const threadUrl = associate.url();

  // A plain reply of the associate's own, so no flag stands in the way of its approval.
  const replyText =
    'Dear Iris, thank you for your question. We will write to you with the date of the next capital call as soon as it is set. Kind regards, Avery';
  await associate.getByLabel('Draft', { exact: true }).fill(replyText);
  await associate.getByRole('button', { name: 'Save Draft' }).click();
  await expect(associate).toHaveURL(/\/inbox$/);
  await associate.goto(threadUrl);
  await expect(associate.getByLabel('Draft version')).toHaveText('Version 2');

  const directorContext = await browser.newContext();
  const director = await directorContext.newPage();
  await signInAs(director, 'ir_director', { fresh: true });
  await submitAndApprove(associate, director, subject);

  // The reply as the investor received it: answers go to the organisation's inbound address.
  const sent = await waitForMail(investorEmail, { after: started });
  expect(sent.subject).toBe(`Re: ${subject}`);
  expect(sent.messageId).not.toBe('');
  const inboundAddress = sent.replyTo[0] ?? '';
  expect(inboundAddress).toMatch(
    new RegExp(`^ir\\+[a-z0-9.-]+@${E2E_INBOUND_DOMAIN.replace(/\./g, '\\.')}$`),
  );

  // The associate's open thread shows the reply as sent. From here the page must not reload.
  const thread = associate.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByTestId('thread-entry-reply')).toContainText('Reply sent');
  await associate.evaluate(() => {
    (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
  });

  // The investor answers from their mail program, through Parley's SMTP listener on loopback.
  const answer = 'Thank you. Could you also send me the notice of the last capital call?';
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: INBOUND_SMTP_PORT,
    secure: false,
    ignoreTLS: true,
  });
  const fileName = `subscription-${nonce}.pdf`;
  await transport.sendMail({
    from: `Iris Investor <${investorEmail}>`,
    to: inboundAddress,
    // A mail program answers "Re: X" as "Re: X".
    subject: sent.subject,
    inReplyTo: bracketed(sent.messageId),
    references: [bracketed(sent.messageId)],
    text: `${answer}\n\nOn Monday, Parley wrote:\n> ${replyText}\n`,
    attachments: [
      {
        filename: fileName,
        contentType: 'application/pdf',
        content: buildPdf([['Subscription form of Iris Investor, signed.']]),
      },
    ],
  });
  transport.close();

  // It joins the open thread: the workspace answers it, the first message and the reply are above it.
  const current = associate.getByTestId('thread-current-message');
  await expect(current.getByLabel('Message text')).toContainText(answer);
  await expect(current.getByText('E-mail', { exact: true })).toBeVisible();
  await expect(current.getByText('Unknown sender')).toHaveCount(0);
  const earlier = thread.getByTestId('thread-earlier');
  await expect(earlier.getByTestId('thread-entry-message')).toContainText(
    'When is the next capital call due?',
  );
  await expect(earlier.getByTestId('thread-entry-reply')).toContainText(
    'Dear Iris, thank you for your question.',
  );
  await expect(associate).toHaveURL(threadUrl);
  expect(
    await associate.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).toBe(true);

  // Its attachment: a download served as a file, and a button that adds it to the fund's documents.
  const attachment = current.getByTestId('attachment').filter({ hasText: fileName });
  await expect(attachment).toContainText('PDF');
  const download = attachment.getByRole('link', { name: /Download/ });
  await expect(download).toHaveAttribute('download', fileName);
  const file = await associate.request.get((await download.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  await shoot(associate, 'thread');

  await attachment.getByRole('button', { name: /Add to fund documents/ }).click();
  await expect(
    associate
      .getByRole('region', { name: /Notifications/ })
      .getByText(`“${fileName}” was added`, { exact: false }),
  ).toBeVisible();
  await expect(attachment.getByText('Added to documents')).toBeVisible();

  // The inbox shows the thread as one card, the newest message's, marked as an e-mail in a thread.
  await associate.goto('/inbox');
  await associate.getByPlaceholder('Search messages...').fill(subject);
  const row = associate.locator('[data-message-row]').filter({ hasText: 'Iris Investor' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Reply in thread');
  await expect(row).toContainText('E-mail');
  await expect(row.getByRole('link')).toHaveAttribute('href', new URL(threadUrl).pathname);
  await shoot(associate, 'inbox');

  await associateContext.close();
  await directorContext.close();
});
