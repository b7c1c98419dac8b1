import type { Role } from '@parley/contracts';
import { expect, type Page, test } from '@playwright/test';
import { accessibilityViolations, signInAs } from './fixtures';

/**
 * Every page in both themes passes axe-core's WCAG 2.1 A/AA rules with no serious or critical
 * violation; the rest are printed in the test output. Each page is checked once its one h1 is shown.
 */
const PAGES: { role: Role | null; path: string | ((page: Page) => Promise<string>) }[] = [
  // Before signing in.
  { role: null, path: '/' },
  { role: null, path: '/auth/forgot' },
  { role: null, path: '/setup' },
  { role: null, path: '/no/such/page' },
  { role: 'ir_director', path: '/inbox' },
  { role: 'ir_director', path: threadPath },
  { role: 'ir_associate', path: '/compose' },
  { role: 'ir_director', path: '/approvals' },
  { role: 'ir_director', path: '/projects' },
  { role: 'ir_director', path: projectPath },
  { role: 'ir_director', path: '/analytics' },
  { role: 'ir_director', path: '/compliance' },
  { role: 'ir_director', path: '/audit' },
  { role: 'ir_director', path: '/reports' },
  { role: 'ir_director', path: '/settings' },
  { role: 'ir_director', path: '/help' },
  // A page the role may not open: its Access Denied state.
  { role: 'ir_director', path: '/admin/security' },
  { role: 'admin', path: '/admin' },
  { role: 'admin', path: '/admin/invite' },
  { role: 'admin', path: '/admin/security' },
  { role: 'admin', path: '/admin/system/email-health' },
  { role: 'admin', path: '/admin/retention' },
];

async function threadPath(page: Page) {
  const list = await (await page.request.get('/api/messages?limit=1')).json();
  return `/inbox/${list.items[0].id}`;
}

async function projectPath(page: Page) {
  const list = await (await page.request.get('/api/projects?limit=1')).json();
  return `/projects/${list.items[0].id}`;
}

for (const theme of ['light', 'dark'] as const) {
  test(`every page passes axe in the ${theme} theme`, async ({ browser }) => {
    test.setTimeout(180_000);
    // One context per role: each keeps its own session cookie.
    const pages = new Map<Role | null, Page>();
    const failures: string[] = [];
    for (const { role, path } of PAGES) {
      let page = pages.get(role);
      if (!page) {
        page = await (await browser.newContext({ colorScheme: theme })).newPage();
        if (role) await signInAs(page, role);
        pages.set(role, page);
      }
      const url = typeof path === 'string' ? path : await path(page);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      const { serious, other } = await accessibilityViolations(page);
      if (other.length) console.log(`${theme} ${url} (moderate or minor):\n  ${other.join('\n  ')}`);
      failures.push(...serious.map((v) => `${theme} ${url}: ${v}`));
    }
    for (const page of pages.values()) await page.context().close();
    expect(failures).toEqual([]);
  });
}
