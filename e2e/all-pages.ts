import type { Role } from '@parley/contracts';
import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { signInAs } from './fixtures';

/** Every page of Parley, with who opens it: the accessibility and phone specs visit each one. */
export const ALL_PAGES: { role: Role | null; path: string | ((page: Page) => Promise<string>) }[] = [
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
  { role: 'ir_director', path: async (page) => `${await projectPath(page)}/disclosures` },
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

/**
 * Opens every page in browser contexts made with `options` (one per role, each with its own session)
 * and calls `check` once the page shows its one h1 and nothing is loading.
 */
export async function visitEveryPage(
  browser: Browser,
  options: BrowserContextOptions,
  check: (page: Page, url: string) => Promise<void>,
) {
  const pages = new Map<Role | null, Page>();
  try {
    for (const { role, path } of ALL_PAGES) {
      let page = pages.get(role);
      if (!page) {
        page = await (await browser.newContext(options)).newPage();
        if (role) await signInAs(page, role);
        pages.set(role, page);
      }
      const url = typeof path === 'string' ? path : await path(page);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      await check(page, url);
    }
  } finally {
    for (const page of pages.values()) await page.context().close();
  }
}
