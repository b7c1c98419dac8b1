import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Role, SESSION_COOKIE } from '@parley/contracts';
import { expect, type Page, test } from '@playwright/test';
import { base32Decode, hotp, TOTP_STEP_SECONDS, totpStep } from '../apps/server/src/lib/totp';
import { DEMO_PASSWORD, DEMO_USERS } from '../apps/server/src/seed/demo-users';
import { E2E_DATA_DIR } from '../playwright.config';
import type { StoredMail } from './mail-sink';
import { MAIL_API_PORT } from './mail-sink-ports';

/** The demo user of a role (the E2E server is seeded with them). */
export function demoUser(role: Role) {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return { ...user, password: DEMO_PASSWORD };
}

/**
 * What the fixture knows of a user's authenticator, shared by the Playwright workers through a
 * file in the E2E server's data dir (wiped when the server starts, as the database is): the secret
 * read from the enrolment dialog, the last time step used (a code is accepted once), the recovery
 * codes, and the aal2 session cookie to reuse.
 */
export type MfaState = { secret: string; lastStep: number; recoveryCodes: string[]; cookie: string | null };

function stateFile(email: string) {
  return path.join(E2E_DATA_DIR, `e2e-mfa-${email}.json`);
}

export function readMfaState(email: string): MfaState | null {
  try {
    return JSON.parse(readFileSync(stateFile(email), 'utf8')) as MfaState;
  } catch {
    return null;
  }
}

function writeMfaState(email: string, state: MfaState) {
  writeFileSync(stateFile(email), JSON.stringify(state));
}

/** One worker at a time signs a given user in: an enrolment or a code must not race another. */
async function withUserLock<T>(email: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(E2E_DATA_DIR, `e2e-mfa-${email}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a crashed worker is stale after two minutes.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A code for the user's next unused time step: the current one, or the next (the server accepts
 * one step ahead); beyond that, wait for the clock (and give the test that much more time).
 */
export async function nextTotpCode(email: string): Promise<string> {
  const state = readMfaState(email);
  if (!state) throw new Error(`no authenticator known for ${email}`);
  const step = Math.max(totpStep(new Date()), state.lastStep + 1);
  const waitMs = (step - 1) * TOTP_STEP_SECONDS * 1000 - Date.now();
  if (waitMs > 0) {
    test.info().setTimeout(test.info().timeout + waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs + 250));
  }
  writeMfaState(email, { ...state, lastStep: step });
  return hotp(base32Decode(state.secret), step);
}

/**
 * The enrolment dialog (docs/product.md §4 qr → verify → recovery → Finish), as a person does it: reads the
 * key shown for manual entry, types the code an authenticator app would show, keeps the codes.
 */
export async function enrolThroughDialog(
  page: Page,
  email: string,
  options: { beforeFinish?: () => Promise<void> } = {},
) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('mfa-secret')).toBeVisible();
  const secret = ((await dialog.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const step = totpStep(new Date());
  await dialog.getByLabel('Authentication code').fill(hotp(base32Decode(secret), step));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByTestId('recovery-codes')).toBeVisible();
  const recoveryCodes = (
    await dialog.getByTestId('recovery-codes').getByRole('listitem').allTextContents()
  ).map((code) => code.trim());
  writeMfaState(email, { secret, lastStep: step, recoveryCodes, cookie: null });
  await options.beforeFinish?.();
  await dialog.getByRole('button', { name: 'Finish' }).click();
  return { secret, recoveryCodes };
}

/** The sign-in verification dialog with the user's next code. */
export async function verifyThroughDialog(page: Page, email: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Authentication code').fill(await nextTotpCode(email));
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

async function sessionCookieOf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value ?? null;
}

/**
 * Signs in through the real form and waits for the inbox. When the server asks for MFA the
 * fixture goes through the real dialogs: the enrolment the first time (the demo admin has no
 * authenticator on a fresh server), a code later. A code's time step can be used once, so a user
 * with an authenticator keeps the aal2 session the fixture reached (reused while it lives; `fresh`
 * signs in anew) instead of waiting 30 seconds for every further sign-in.
 */
export async function signInAs(page: Page, role: Role, options: { fresh?: boolean } = {}) {
  const user = demoUser(role);
  await withUserLock(user.email, async () => {
    const known = readMfaState(user.email);
    if (known?.cookie && !options.fresh) {
      await page
        .context()
        .addCookies([
          { name: SESSION_COOKIE, value: known.cookie, url: test.info().project.use.baseURL ?? '' },
        ]);
      await page.goto('/inbox');
      const title = page.getByTestId('page-title');
      await expect(title.or(page.getByRole('button', { name: 'Sign In' }))).toBeVisible();
      if (await title.isVisible()) return;
      await page.context().clearCookies();
    }

    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('page-title').or(page.getByRole('dialog'))).toBeVisible();
    if (await page.getByRole('dialog').isVisible()) {
      const isEnrolment = await page
        .getByRole('dialog')
        .getByRole('heading', { name: 'Set up two-factor authentication' })
        .isVisible();
      if (isEnrolment) await enrolThroughDialog(page, user.email);
      else await verifyThroughDialog(page, user.email);
      await expect(page.getByTestId('page-title')).toBeVisible();
      const state = readMfaState(user.email);
      if (state) writeMfaState(user.email, { ...state, cookie: await sessionCookieOf(page) });
    }
  });
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByTestId('page-title')).toHaveText('Investor Inbox');
  return user;
}

/** The menu as a user sees it: group label → item titles. */
export async function readMenu(page: Page): Promise<Record<string, string[]>> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const groups = nav.getByRole('group');
  const menu: Record<string, string[]> = {};
  for (const group of await groups.all()) {
    const label = (await group.getAttribute('aria-labelledby')) ?? '';
    const title = (await page.locator(`[id="${label}"]`).textContent())?.trim() ?? '';
    // The Email Health item also reads out its status dot, Inbox and Approvals their counts
    // ('3 (3 unread)'): keep only the item's title.
    menu[title] = (await group.getByRole('link').allTextContents()).map((t) =>
      t
        .replace(/, status: .*$/, '')
        .replace(/\d+\+? \(.*\)$/, '')
        .trim(),
    );
  }
  return menu;
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA). */
export async function seriousAccessibilityViolations(page: Page) {
  return (await accessibilityViolations(page)).serious;
}

/** axe-core's WCAG 2.1 A/AA violations on the page, serious and critical apart from the rest. */
export async function accessibilityViolations(page: Page) {
  // evaluate runs through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } })
      .axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  });
  const describe = (v: AxeResults['violations'][number]) =>
    `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`;
  const isSerious = (v: AxeResults['violations'][number]) =>
    v.impact === 'serious' || v.impact === 'critical';
  return {
    serious: results.violations.filter(isSerious).map(describe),
    other: results.violations.filter((v) => !isSerious(v)).map(describe),
  };
}

type AxeResults = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
};

export type ReceivedMail = StoredMail;

/** The newest mail the E2E mail sink received for an address, waiting for it to arrive. */
export async function waitForMail(
  to: string,
  options: { after?: Date; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as ReceivedMail[]).filter(
      (m) => !options.after || new Date(m.receivedAt) >= options.after,
    );
    const newest = mails.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail's text that starts with the given URL prefix. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in: ${mail.text}`);
  return link;
}

/**
 * Composes a message to Fund Alpha; the workspace opens with the generated (and checked) first
 * version.
 */
export async function composeToFund(page: Page, subject: string, message: string) {
  await composeWithDraft(page, { fund: 'Fund Alpha - Core Real Estate', subject, body: message });
}

/** Composes a message through the real form and lets 'Log and draft a reply' write the first draft. */
export async function composeWithDraft(
  page: Page,
  input: { fund: string; subject: string; body: string; investor?: string },
) {
  await page.goto('/compose');
  await page.getByLabel('Investor name').fill(input.investor ?? 'Margot Example');
  await page.getByLabel('Investor email').fill('margot@example.com');
  await page.getByLabel('Project / fund').click();
  await page.getByRole('option', { name: input.fund }).click();
  await page.getByLabel('Subject').fill(input.subject);
  await page.getByLabel('Message', { exact: true }).fill(input.body);
  await page.getByRole('button', { name: 'Log and draft a reply' }).click();
  await expect(page.getByText('AI draft generated! Review in the draft workspace.')).toBeVisible();
  await expect(page.getByLabel('Draft version')).toHaveText('Version 1');
}

/**
 * The open draft submitted by its associate, then approved and sent by a director from the queue;
 * with `overrideReason`, over its high-severity flags.
 */
export async function submitAndApprove(
  associate: Page,
  director: Page,
  subject: string,
  overrideReason?: string,
) {
  await associate.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(
    associate.getByRole('region', { name: /Notifications/ }).getByText('Submitted for approval'),
  ).toBeVisible();
  await director.goto('/approvals');
  const item = director
    .locator('article, li, [data-testid="approval-item"]')
    .filter({ hasText: subject })
    .first();
  await item.getByRole('button', { name: 'Approve & Send' }).click();
  const dialog = director.getByRole('dialog');
  if (overrideReason) {
    await dialog.getByLabel(/Why may this reply go out despite its high-severity flags/).fill(overrideReason);
  }
  await dialog.getByRole('button', { name: 'Approve & Send' }).click();
  await expect(
    director.getByRole('region', { name: /Notifications/ }).getByText('Response approved and marked final!'),
  ).toBeVisible();
}

/** A JSON call of the API as the signed-in page (same origin, as the web app sends it). */
export async function callApi(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(path, {
    method,
    headers: { Origin: origin },
    ...(data ? { data } : {}),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}
