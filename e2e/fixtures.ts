import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Role } from '@parley/contracts';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../apps/server/src/seed/demo-users';
import { MAIL_API_PORT } from './mail-sink-ports';

/** The demo user of a role (the E2E server is seeded with them). */
export function demoUser(role: Role) {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return { ...user, password: DEMO_PASSWORD };
}

/** Signs in through the real form and waits for the inbox. */
export async function signInAs(page: Page, role: Role) {
  const user = demoUser(role);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
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
    // The Email Health item also reads out its status dot: keep only the item's title.
    menu[title] = (await group.getByRole('link').allTextContents()).map((t) =>
      t.replace(/, status: .*$/, '').trim(),
    );
  }
  return menu;
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA). */
export async function seriousAccessibilityViolations(page: Page) {
  // evaluate runs through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } })
      .axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

type AxeResults = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
};

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string; receivedAt: string };

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
