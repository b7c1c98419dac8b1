import { expect, test } from '@playwright/test';
import { visitEveryPage } from './all-pages';
import { accessibilityViolations } from './fixtures';

/**
 * Every page in both themes passes axe-core's WCAG 2.1 A/AA rules with no serious or critical
 * violation; the rest are printed in the test output. Each page is checked once its one h1 is shown.
 */
for (const theme of ['light', 'dark'] as const) {
  test(`every page passes axe in the ${theme} theme`, async ({ browser }) => {
    test.setTimeout(400_000);
    const failures: string[] = [];
    await visitEveryPage(browser, { colorScheme: theme }, async (page, url) => {
      const { serious, other } = await accessibilityViolations(page);
      if (other.length) console.log(`${theme} ${url} (moderate or minor):\n  ${other.join('\n  ')}`);
      failures.push(...serious.map((v) => `${theme} ${url}: ${v}`));
    });
    expect(failures).toEqual([]);
  });
}
