import { emailHealthReportFileName } from '@parley/contracts';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signInAs, waitForMail } from './fixtures';
import { E2E_WEBHOOK_SECRET } from './webhook-secret';

/** A delivery report as the mail provider posts it: signed, no cookie, no Origin. */
async function reportDelivered(baseURL: string, messageId: string, to: string) {
  const body = JSON.stringify({
    type: 'email.delivered',
    created_at: new Date().toISOString(),
    data: { message_id: messageId, to },
  });
  const id = `msg_${Date.now()}`;
  const signature = new Webhook(E2E_WEBHOOK_SECRET).sign(id, new Date(), body);
  return fetch(`${baseURL}/api/webhooks/email-events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': signature,
    },
    body,
  });
}

test('an admin runs a live test, its delivery report comes back, and the report downloads', async ({
  page,
  baseURL,
}) => {
  const admin = await signInAs(page, 'admin');
  await page.goto('/admin/system/email-health');
  await expect(page.getByTestId('email-health-overall')).toBeVisible();

  const started = new Date();
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/api/admin/email-health/live-test')),
    page.getByRole('button', { name: 'Run Live Test' }).click(),
  ]);
  const { results } = (await response.json()) as { results: { status: string; message_id: string }[] };
  expect(results.map((r) => r.status)).toEqual(['sent', 'sent']);
  await expect(page.getByText('Live Test Completed')).toBeVisible();
  await expect(page.getByText('Sent 2 test emails. Check your inbox!')).toBeVisible();
  expect((await waitForMail(admin.email, { after: started })).subject).toMatch(/^Parley live test/);

  const delivered = await reportDelivered(baseURL ?? '', results[0]?.message_id ?? '', admin.email);
  expect(delivered.status).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();

  await page.getByRole('tab', { name: 'Recent Events' }).click();
  await page.getByLabel('Recipient').fill(admin.email);
  const events = page.getByTestId('email-events');
  await expect(events.getByRole('row').filter({ hasText: 'Delivered' }).first()).toBeVisible();
  await expect(events.getByRole('row').filter({ hasText: 'live_test' }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'KPIs & Stats' }).click();
  await expect(page.getByTestId('kpi-Delivered')).not.toHaveText('0');
  await expect(page.getByTestId('kpi-Sent')).not.toHaveText('0');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Report' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(emailHealthReportFileName(new Date()));
  await expect(page.getByText('Report Exported')).toBeVisible();
});
