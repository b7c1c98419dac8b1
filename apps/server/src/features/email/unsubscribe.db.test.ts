import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';
import { generateToken } from '../../lib/crypto';
import { deliverEmail, queueEmail } from './email.service';
import { createUnsubscribeToken } from './unsubscribe-token';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const freshAddress = () =>
  `reader.${generateToken()
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@example.com`;
const tokenFor = (email: string) => createUnsubscribeToken(ctx.emailDeps.unsubscribeKey, email);
const read = (email: string, token = tokenFor(email)) =>
  ctx.request('GET', `/api/email/unsubscribe?${new URLSearchParams({ email, token })}`);
const update = (email: string, action: string, token = tokenFor(email)) =>
  ctx.request('POST', '/api/email/unsubscribe', { body: { email, token, action } });

describe('email preferences behind an unsubscribe link', () => {
  it('start with every list enabled', async () => {
    const res = await read(freshAddress());
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ weekly_reports_enabled: true, system_alerts_enabled: true });
  });

  it.each([
    ['weekly_reports', { weekly_reports_enabled: false, system_alerts_enabled: true }],
    ['system_alerts', { weekly_reports_enabled: true, system_alerts_enabled: false }],
    ['all', { weekly_reports_enabled: false, system_alerts_enabled: false }],
    ['none', { weekly_reports_enabled: true, system_alerts_enabled: true }],
  ])('action %s leaves exactly those lists enabled', async (action, expected) => {
    const email = freshAddress();
    await update(email, 'all');
    const res = await update(email, action);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject(expected);
    expect(await json(await read(email))).toEqual(expected);
  });

  it('changes nothing and reads nothing with a forged token', async () => {
    const email = freshAddress();
    const other = freshAddress();
    expect((await read(email, tokenFor(other))).status).toBe(403);
    const forged = await update(email, 'all', tokenFor(other));
    expect(forged.status).toBe(403);
    expect(await json(await read(email))).toEqual({
      weekly_reports_enabled: true,
      system_alerts_enabled: true,
    });
  });

  it('names the missing e-mail and the bad action', async () => {
    const res = await ctx.request('POST', '/api/email/unsubscribe', {
      body: { token: 'x', action: 'everything' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual(['action', 'email']);
    expect((await ctx.request('GET', '/api/email/unsubscribe?token=x')).status).toBe(400);
  });

  it("audits the change in the member's organisation", async () => {
    const member = await ctx.createUser('ir_associate');
    await update(member.email, 'weekly_reports');
    const entries = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, member.orgId), eq(auditLogs.actionType, 'email_preferences_updated')));
    expect(entries).toEqual([
      { details: expect.objectContaining({ action: 'weekly_reports', via: 'page' }) },
    ]);
  });

  it('is honoured by later mail: a weekly report to an unsubscribed address is not delivered', async () => {
    const email = freshAddress();
    await update(email, 'weekly_reports');
    const content = { subject: 'Weekly report', title: 'Week 47', paragraphs: ['Figures'] };
    const { outboxId, isSuppressed } = await ctx.db.transaction((tx) =>
      queueEmail(tx, ctx.emailDeps, {
        orgId: null,
        to: email,
        template: 'weekly_report',
        category: 'weekly_reports',
        content,
      }),
    );
    expect(isSuppressed).toBe(true);
    await deliverEmail(ctx.emailDeps, outboxId);
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });
});

describe('RFC 8058 one-click unsubscribe', () => {
  it('accepts the form POST of a mail provider, from another origin, for the list in the link', async () => {
    const email = freshAddress();
    const content = { subject: 'Alert', title: 'Alert', paragraphs: ['Something happened'] };
    const { outboxId } = await ctx.db.transaction((tx) =>
      queueEmail(tx, ctx.emailDeps, {
        orgId: null,
        to: email,
        template: 'alert',
        category: 'system_alerts',
        content,
      }),
    );
    await deliverEmail(ctx.emailDeps, outboxId);
    const header = (await smtp.mailTo(email)).header('List-Unsubscribe') ?? '';
    const url = /<([^>]+)>/.exec(header)?.[1] ?? '';
    expect(url.startsWith(`${TEST_ORIGIN}/api/email/unsubscribe/one-click?`)).toBe(true);

    const res = await ctx.app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await json(await read(email))).toEqual({
      weekly_reports_enabled: true,
      system_alerts_enabled: false,
    });
  });

  it('refuses a forged token and a body that is not the one-click form', async () => {
    const email = freshAddress();
    const post = (token: string, body: string) =>
      ctx.app.request(
        `${TEST_ORIGIN}/api/email/unsubscribe/one-click?${new URLSearchParams({ email, token })}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        },
      );
    expect((await post(tokenFor(freshAddress()), 'List-Unsubscribe=One-Click')).status).toBe(403);
    expect((await post(tokenFor(email), 'something=else')).status).toBe(400);
    expect(await json(await read(email))).toEqual({
      weekly_reports_enabled: true,
      system_alerts_enabled: true,
    });
  });
});
