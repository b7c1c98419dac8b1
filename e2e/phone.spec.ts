import { devices, expect, test } from '@playwright/test';
import { visitEveryPage } from './all-pages';

/**
 * On a 390 px phone (docs/product.md §2 Layout) no page scrolls sideways, and no table either: wide
 * tables become stacked cards, tab strips scroll within themselves.
 */
test('no page or table scrolls sideways on a phone', async ({ browser }) => {
  test.setTimeout(400_000);
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = devices['iPhone 13'];
  const failures: string[] = [];
  await visitEveryPage(browser, { viewport, deviceScaleFactor, isMobile, hasTouch }, async (page, url) => {
    const wide = await page.evaluate(() => {
      const found: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth} px wide`);
      for (const table of Array.from(
        document.querySelectorAll<HTMLElement>('[data-slot="table-container"]'),
      )) {
        if (table.scrollWidth > table.clientWidth + 1) {
          found.push(
            `a table (${table.querySelector('table')?.getAttribute('aria-label') ?? 'unnamed'}) is ${table.scrollWidth} px in ${table.clientWidth}`,
          );
        }
      }
      return found;
    });
    failures.push(...wide.map((w) => `${url}: ${w}`));
  });
  expect(failures).toEqual([]);
});
