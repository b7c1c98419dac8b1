import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { callApi, signInAs } from './fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** One letter to many: only the salutation changes; the stamp keeps it apart from other specs' texts. */
const letterTo = (name: string, stamp: number) =>
  `Dear ${name},\n\nThank you for asking about the reinvestment plan (reference ${stamp}). Units bought under the plan are priced at the net asset value on the distribution date, and the election form is in the investor portal under Documents. Elections received before the record date apply to the next distribution.\n\nKind regards,\nThe IR team`;

/** A message from `name` with a saved draft of `text`; with `approve`, the caller approves and sends it. */
async function replyThroughApi(
  page: Page,
  input: { projectId: string; name: string; email: string; subject: string; text: string; approve: boolean },
) {
  const message = await callApi(page, 'POST', '/api/messages', {
    investor_name: input.name,
    investor_email: input.email,
    project_id: input.projectId,
    subject: input.subject,
    body_text: 'How does the reinvestment plan work?',
  });
  const draft = await callApi(page, 'POST', `/api/messages/${message.id}/drafts`, {
    text: input.text,
    based_on_version: 0,
  });
  if (input.approve) {
    await callApi(page, 'POST', `/api/messages/${message.id}/approve`, {
      version: draft.version,
      text_sha256: sha256(draft.draftText),
    });
  }
  return { id: message.id as string, version: draft.version as number, text: draft.draftText as string };
}

/**
 * Communication class (docs/decisions/054-communication-class.md): after the same letter went to 25
 * investors, the 26th reply is a retail communication; with a high-severity flag in it, a director
 * may not approve it over the flag (the default class rules), the thread says why, and the server
 * refuses it if tried.
 */
test('the 26th investor sent the same letter gets a retail communication, which a director cannot send over a high flag', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const subject = `Reinvestment plan ${stamp}`;
  const director = await (await browser.newContext()).newPage();
  await signInAs(director, 'ir_director');
  const projects = await callApi(director, 'GET', '/api/projects');
  const projectId = projects.items[0].id as string;
  for (let i = 1; i <= 25; i++) {
    await replyThroughApi(director, {
      projectId,
      name: `Holder ${i}`,
      email: `holder-${stamp}-${i}@example.com`,
      subject,
      text: letterTo(`Holder ${i}`, stamp),
      approve: true,
    });
  }

  // The associate's reply to the 26th investor says the returns are guaranteed: a high-severity flag.
  const associate = await (await browser.newContext()).newPage();
  await signInAs(associate, 'ir_associate');
  const flagged = `${letterTo('Rita', stamp)}\n\nYour returns are guaranteed.`;
  const rita = await replyThroughApi(associate, {
    projectId,
    name: 'Rita Retail',
    email: `rita-${stamp}@example.com`,
    subject,
    text: flagged,
    approve: false,
  });
  await associate.goto(`/inbox/${rita.id}`);
  const classNote = associate.getByTestId('communication-class');
  await expect(classNote).toContainText('Retail communication');
  await expect(classNote).toContainText('More than 25 investors were sent this text in the last 30 days');
  await expect(associate.getByTestId('investor-panel')).toContainText('Retail (not set)');
  await associate.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(
    associate.getByRole('region', { name: /Notifications/ }).getByText('Submitted for approval'),
  ).toBeVisible();

  // The approval queue says the class it was submitted as.
  await director.goto('/approvals');
  const card = director.getByTestId('approval-item').filter({ hasText: 'Rita Retail' });
  await expect(card.getByTestId('approval-class')).toContainText('Retail communication');

  // The director reads the thread: the reason stands where Approve & Send would be.
  await director.goto(`/inbox/${rita.id}`);
  await expect(director.getByTestId('communication-class')).toContainText('Retail communication');
  const refusal =
    'Nobody in your role may approve a retail communication over a high-severity flag: resolve the flags first';
  await expect(director.getByRole('button', { name: /Approve & Send/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(director.getByRole('button', { name: /Approve & Send/ })).toContainText(refusal);
  for (const scheme of ['light', 'dark'] as const) {
    await director.emulateMedia({ colorScheme: scheme });
    await director.screenshot({ path: `/tmp/shots/class-refused-${scheme}.png`, fullPage: true });
  }

  // Tried anyway, with a reason, the server refuses and nothing is sent.
  const tried = await director.request.post(`/api/messages/${rita.id}/approve`, {
    headers: { Origin: new URL(director.url()).origin },
    data: {
      version: rita.version,
      text_sha256: sha256(rita.text),
      override_reason: 'The investor asked for the wording; compliance agreed.',
    },
  });
  expect(tried.status()).toBe(403);
  expect((await tried.json()).error).toMatchObject({ code: 'OVERRIDE_NOT_ALLOWED', message: refusal });
  const state = await callApi(director, 'GET', `/api/messages/${rita.id}/approval`);
  expect(state).toMatchObject({ status: 'awaiting_approval', sent: null });
});
