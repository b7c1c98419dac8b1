import { chromium, type Page } from 'playwright';
import { base32Decode, hotp, totpStep } from './apps/server/src/lib/totp';

const base = 'http://localhost:3000';
const out = '/tmp/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await ctx.newPage();
const shot = async (p: Page, name: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    await p.emulateMedia({ colorScheme: scheme });
    await p.waitForTimeout(300);
    await p.screenshot({ path: `${out}/${name}-${scheme}.png`, fullPage: true });
  }
  await p.emulateMedia({ colorScheme: 'light' });
};
await page.goto(`${base}/auth`);
await page.getByLabel('Email').fill('director@parley.example');
await page.getByLabel('Password').fill('parley-demo-2026');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.getByTestId('page-title').or(page.getByRole('dialog')).first().waitFor();
if (await page.getByRole('dialog').isVisible()) {
  const dialog = page.getByRole('dialog');
  const secret = ((await dialog.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Authentication code').fill(hotp(base32Decode(secret), totpStep(new Date())));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByTestId('recovery-codes').waitFor();
  await dialog.getByRole('checkbox').first().check().catch(() => {});
  await dialog.getByRole('button', { name: /Finish|Done/ }).click();
}
await page.getByTestId('page-title').waitFor();
console.log('signed in', page.url());

async function compose(subject: string, body: string, investor: string) {
  await page.goto(`${base}/compose`);
  await page.getByLabel('Investor name').fill(investor);
  await page.getByLabel('Investor email').fill('walk@example.com');
  await page.getByLabel('Project / fund').click();
  await page.getByRole('option', { name: 'Fund Alpha - Core Real Estate' }).click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill(body);
  await page.getByRole('button', { name: 'Generate AI Response' }).click();
  await page.getByLabel('Draft version').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
}
await compose('Q4 payout', 'Hello, how much will the fourth-quarter distribution be per unit, and when is it paid? Thanks', 'Walk Decline');
await shot(page, '1-decline');
await compose('Fees and lock-up', 'Hi, what do you charge per year, and how long is the lock-up? Also, who is your auditor?', 'Walk Answer');
await shot(page, '2-answer');
// An invented figure: edit and check.
const draft = page.getByLabel('Draft', { exact: true });
const url = page.url();
await draft.fill((await draft.inputValue()).replace('0.85%', '0.95%'));
await page.getByRole('button', { name: 'Save Draft' }).click();
await page.waitForURL(/\/inbox$/);
await page.goto(url);
await page.getByRole('button', { name: 'Check Compliance' }).click();
await page.waitForTimeout(3000);
await shot(page, '3-unsupported');
await page.goto(`${base}/compliance`);
await page.waitForTimeout(2500);
await shot(page, '4-compliance');
await browser.close();
