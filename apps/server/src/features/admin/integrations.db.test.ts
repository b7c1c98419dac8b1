import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';

type Item = { name: string; status: string; summary: string; details: Record<string, string | null> };

async function integrationsOf(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  const admin = await ctx.signInAs('admin');
  const res = await ctx.request('GET', '/api/admin/integrations', { cookie: admin.cookie });
  expect(res.status).toBe(200);
  const items = (await json(res)).items as Item[];
  return { ctx, items, byName: (name: string) => items.find((i) => i.name === name) };
}

describe('the Integrations tile', () => {
  it('says what runs without each integration when nothing is configured', async () => {
    const { items } = await integrationsOf({});
    expect(items.map((i) => [i.name, i.status])).toEqual([
      ['Mail server (SMTP)', 'not_configured'],
      ['AI drafting', 'not_configured'],
      ['Compliance second opinion', 'not_configured'],
      ['Delivery webhook', 'not_configured'],
      ['DNS resolver', 'connected'],
    ]);
  });

  it('names the configured hosts and the webhook URL, never a password or key', async () => {
    const { ctx, byName, items } = await integrationsOf({
      SMTP_URL: 'smtp://mailer:s3cret-pass@smtp.example.net:2525',
      AI_BASE_URL: 'https://ai.example.net/v1',
      AI_API_KEY: 'sk-very-secret',
      AI_MODEL: 'model-x',
      EMAIL_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      EMAIL_DNS_SERVER: '192.0.2.53',
    });
    expect(byName('Mail server (SMTP)')).toMatchObject({
      status: 'connected',
      details: { host: 'smtp.example.net:2525' },
    });
    expect(byName('AI drafting')).toMatchObject({ status: 'connected', details: { model: 'model-x' } });
    // Delivery reports are the deployment's (one secret, one URL): other tests' may have arrived.
    expect(byName('Delivery webhook')).toMatchObject({
      status: 'connected',
      summary: expect.stringMatching(
        /^(Ready: no delivery report has arrived yet|Receiving delivery reports)\.$/,
      ),
      details: { url: `${TEST_ORIGIN}/api/webhooks/email-events` },
    });
    expect(byName('DNS resolver')?.details.server).toBe('192.0.2.53');
    const text = JSON.stringify(items);
    expect(text).not.toContain('s3cret-pass');
    expect(text).not.toContain('sk-very-secret');
    expect(text).not.toContain('whsec_');

    const director = await ctx.signInAs('ir_director');
    expect((await ctx.request('GET', '/api/admin/integrations', { cookie: director.cookie })).status).toBe(
      403,
    );
  });
});
