import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations, signInAs } from './fixtures';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Letters only, unique to this run: an organisation term no other spec's text contains. */
function uniqueWord(): string {
  return [...String(Date.now())].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
}

async function postJson(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { headers: { origin: new URL(page.url()).origin }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/**
 * Supervisory review (docs/decisions/055-supervisory-review.md): an associate marks their own flagged
 * reply final, so nobody else read it; it waits on the Approvals page's Post-send review, where a
 * director signs it off with a note, and it moves to Signed off.
 */
test('a director signs off a flagged reply its associate sent alone', async ({ browser }) => {
  test.setTimeout(180_000);
  const term = `quokka${uniqueWord()}`;
  const subject = `Post-send review ${Date.now()}`;

  const director = await (await browser.newContext()).newPage();
  await signInAs(director, 'ir_director', { fresh: true });
  // A low-severity term of the organisation: the associate may Mark Final, and the reply is drawn.
  await postJson(director, '/api/compliance/policy/terms', {
    term,
    severity: 'low',
    suggestion: 'plain words',
  });

  const associate = await (await browser.newContext()).newPage();
  await signInAs(associate, 'ir_associate', { fresh: true });
  const projects = await (await associate.request.get('/api/projects')).json();
  const message = await postJson(associate, '/api/messages', {
    investor_name: 'Pat Postsend',
    investor_email: 'pat.postsend@example.com',
    project_id: projects.items[0].id,
    subject,
    body_text: 'Is the fund doing well?',
  });
  const text = `Dear Pat,\n\nThe ${term} report is attached to the quarterly letter.\n\nKind regards`;
  const draft = await postJson(associate, `/api/messages/${message.id}/drafts`, {
    text,
    based_on_version: 0,
  });
  await postJson(associate, `/api/messages/${message.id}/approve`, {
    version: draft.version,
    text_sha256: sha256(draft.draftText),
  });

  await director.goto('/approvals');
  await director.getByRole('tab', { name: /Post-send review/ }).click();
  await expect(director).toHaveURL(/view=post-send/);
  const row = director.getByTestId('post-send-review').filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(row.getByText('Flagged', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: subject })).toHaveAttribute('href', `/inbox/${message.id}`);
  expect(await seriousAccessibilityViolations(director)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await director.emulateMedia({ colorScheme: scheme });
    // The colours fade between themes: shoot once they have settled.
    await director.waitForFunction(() => document.getAnimations().length === 0);
    await director.screenshot({ path: `/tmp/shots/post-send-review-${scheme}.png`, fullPage: true });
  }
  await director.emulateMedia({ colorScheme: 'light' });

  // By keyboard: the row's Sign off, the note, then the dialog's Sign off.
  await row.getByRole('button', { name: `Sign off: ${subject}` }).focus();
  await director.keyboard.press('Enter');
  const dialog = director.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign off this reply' })).toBeVisible();
  await dialog.getByLabel('Note (optional)').fill('Read as sent: the term is the report’s name.');
  await dialog.getByRole('button', { name: 'Sign off' }).click();
  await expect(director.getByRole('region', { name: /Notifications/ }).getByText('Signed off')).toBeVisible();
  await expect(row).toHaveCount(0);

  await director.getByRole('tab', { name: 'Signed off' }).click();
  const signed = director.getByTestId('post-send-review').filter({ hasText: subject });
  await expect(signed).toBeVisible();
  await expect(signed.getByText('Read as sent: the term is the report’s name.')).toBeVisible();

  // On a phone the table is a list of cards whose cells name themselves.
  await director.setViewportSize({ width: 390, height: 844 });
  await expect(signed.getByText('Flagged', { exact: true })).toBeVisible();
  await director.screenshot({ path: '/tmp/shots/post-send-review-phone.png', fullPage: true });
});
