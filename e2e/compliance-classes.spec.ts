import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousAccessibilityViolations, signInAs } from './fixtures';

const SHOTS = '/tmp/shots';

/** The approval matrix card, which holds the rules per communication class and the review sample. */
function matrixCard(page: Page): Locator {
  return page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Approval matrix' }) });
}

function controlsOf(page: Page) {
  const card = matrixCard(page);
  return {
    card,
    sample: card.getByRole('spinbutton', { name: 'Supervisory review sample (%)' }),
    approval: card.getByRole('combobox', { name: 'Who finalises: Institutional communication' }),
    admin: card.getByRole('checkbox', {
      name: 'Admin may override a high flag: Institutional communication',
    }),
    save: card.getByRole('button', { name: 'Save approval rules' }),
  };
}

type Rule = { approval: string; adminOverrides: boolean; sample: string };

async function readRule(page: Page): Promise<Rule> {
  const { sample, approval, admin } = controlsOf(page);
  return {
    approval: (await approval.textContent()) ?? '',
    adminOverrides: await admin.isChecked(),
    sample: await sample.inputValue(),
  };
}

/** Sets the institutional rule and the sample with the keyboard, saves, and reloads the page. */
async function saveRule(page: Page, rule: Rule) {
  const { sample, approval, admin, save } = controlsOf(page);
  await approval.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: rule.approval }).press('Enter');
  await expect(approval).toHaveText(rule.approval);
  if ((await admin.isChecked()) !== rule.adminOverrides) {
    await admin.focus();
    await page.keyboard.press('Space');
  }
  await sample.fill(rule.sample);
  await save.click();
  await expect(page.getByText('Compliance settings saved')).toBeVisible();
  await page.reload();
  await expect(controlsOf(page).sample).toBeVisible();
  expect(await readRule(page)).toEqual(rule);
}

/**
 * docs/compliance.md 'Who may approve': a director changes who finalises and who may override for
 * institutional communications and the supervisory review sample; both are kept after a reload,
 * then put back (the e2e organisation is shared with specs running alongside). Institutional only:
 * the other specs' investors are retail, so their approvals are not affected meanwhile.
 */
test('a director changes a class rule and the review sample, and they are kept', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'ir_director');
  await page.goto('/compliance');
  const { card, sample, save } = controlsOf(page);
  await expect(sample).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Overrides' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Overrides' })).toHaveCount(1);

  const before = await readRule(page);
  const changed: Rule = {
    approval: before.approval === 'Director always' ? 'By flag severity' : 'Director always',
    adminOverrides: !before.adminOverrides,
    sample: before.sample === '37' ? '38' : '37',
  };

  // A sample the server would refuse is named at its field before anything is sent.
  await sample.fill('150');
  await save.click();
  await expect(card.getByText('Give a percentage from 0 to 100')).toBeVisible();
  await expect(sample).toHaveAttribute('aria-invalid', 'true');

  try {
    await saveRule(page, changed);
    await expect(
      controlsOf(page)
        .card.getByText(/^Changed by /)
        .first(),
    ).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const section = controlsOf(page).card.locator('section');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await section.screenshot({ path: `${SHOTS}/compliance-classes-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Overrides' }) })
      .screenshot({ path: `${SHOTS}/compliance-overrides.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section).toBeVisible();
    // Neither the page nor the class table scrolls sideways: the table stacks, one card per class.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    const table = section.locator('[data-slot="table-container"]');
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
    await controlsOf(page).card.screenshot({ path: `${SHOTS}/compliance-classes-phone.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  } finally {
    await page.goto('/compliance');
    await expect(controlsOf(page).sample).toBeVisible();
    const now = await readRule(page);
    if (JSON.stringify(now) !== JSON.stringify(before)) await saveRule(page, before);
  }
});
