import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { deliverWebhook, deliveryEvent } from '../../../test/email-webhook';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json, STARTS_A_DATABASE_MS, type TestContext } from '../../../test/test-app';
import { auditLogs, emailEvents } from '../../db/schema';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const smtp = await startSmtpSink();
afterAll(() => smtp.close());
// SMTP on loopback, MAIL_FROM on a reserved domain (no DNS to ask), the webhook on.
const ctx = await createTestContext(
  { EMAIL_WEBHOOK_SECRET: SECRET, SMTP_URL: smtp.url, MAIL_FROM: 'Parley <no-reply@parley.test>' },
  { mailer: smtp.mailer },
);

async function reportFor(c: TestContext, cookie: string) {
  const res = await c.request('GET', '/api/admin/email-health', { cookie });
  expect(res.status).toBe(200);
  return json(res);
}

async function liveTest(c: TestContext, cookie: string) {
  const res = await c.request('POST', '/api/admin/email-health/live-test', { cookie });
  expect(res.status).toBe(200);
  return (await json(res)).results as { to: string; status: string; message_id: string | null }[];
}

const checkNamed = (report: { checks: { name: string; status: string }[] }, name: string) =>
  report.checks.find((c) => c.name === name);

describe('the email health report', () => {
  it('reads all zeros and PASS for an organisation that sent nothing, never NaN', async () => {
    const admin = await ctx.signInAs('admin');
    const report = await reportFor(ctx, admin.cookie);
    expect(report.overall_status).toBe('PASS');
    expect(report.kpis).toEqual({
      sent: 0,
      delivered: 0,
      bounced: 0,
      bounce_rate_pct: 0,
      complaints: 0,
      complaint_rate_pct: 0,
      opened: 0,
      open_rate_pct: 0,
      clicked: 0,
      click_rate_pct: 0,
      last_delivery_age_sec: null,
      webhook_5xx_count_24h: 0,
    });
    expect(checkNamed(report, 'Domain & DNS')).toMatchObject({
      status: 'SKIP',
      details: { reason: 'reserved_domain', spf_verified: false, dmarc_present: false },
    });
    expect(checkNamed(report, 'SMTP')?.status).toBe('PASS');
    expect(checkNamed(report, 'Bounce rate')?.status).toBe('INFO');
  });

  it('counts a live test and the delivery reports that come back for it, and warns at bounces', async () => {
    const admin = await ctx.signInAs('admin');
    const results = await liveTest(ctx, admin.cookie);
    expect(results).toHaveLength(2);
    expect(results.every((r) => r.status === 'sent' && r.to === admin.email && r.message_id)).toBe(true);
    expect((await smtp.mailTo(admin.email)).subject).toMatch(/^Parley live test/);

    const [first, second] = results;
    const post = (type: string, messageId: string, data?: Record<string, unknown>) =>
      deliverWebhook(ctx, deliveryEvent(type, messageId, admin.email, data), { secret: SECRET });
    expect((await post('email.delivered', first?.message_id ?? '')).status).toBe(200);
    expect((await post('email.opened', first?.message_id ?? '')).status).toBe(200);
    expect((await post('email.opened', first?.message_id ?? '')).status).toBe(200);
    expect((await post('email.bounced', second?.message_id ?? '', { bounce_type: 'hard' })).status).toBe(200);

    const report = await reportFor(ctx, admin.cookie);
    expect(report.kpis).toMatchObject({
      sent: 2,
      delivered: 1,
      bounced: 1,
      bounce_rate_pct: 50,
      opened: 1,
      open_rate_pct: 100,
      last_delivery_age_sec: 0,
    });
    expect(checkNamed(report, 'Bounce rate')?.status).toBe('WARN');
    expect(checkNamed(report, 'Delivery webhook')?.status).toBe('PASS');
    expect(report.overall_status).toBe('WARN');

    const audited = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, admin.orgId), eq(auditLogs.actionType, 'email_live_test')));
    expect(audited).toEqual([{ details: { to: admin.email, mails: 2 } }]);
  });

  it('reads 100% when every mail bounced, counting each mail once', async () => {
    const admin = await ctx.signInAs('admin');
    const results = await liveTest(ctx, admin.cookie);
    for (const result of [...results, ...results]) {
      const bounced = deliveryEvent('email.bounced', result.message_id ?? '', admin.email, {
        bounce_type: 'soft',
      });
      expect((await deliverWebhook(ctx, bounced, { secret: SECRET })).status).toBe(200);
    }
    const report = await reportFor(ctx, admin.cookie);
    expect(report.kpis).toMatchObject({ sent: 2, bounced: 2, bounce_rate_pct: 100, delivered: 0 });
    expect(checkNamed(report, 'Bounce rate')?.status).toBe('WARN');
  });

  it('fails when complaints reach 0.3%, and forgets what left the 7-day window', async () => {
    const admin = await ctx.signInAs('admin');
    const [mail] = await liveTest(ctx, admin.cookie);
    await deliverWebhook(ctx, deliveryEvent('email.complained', mail?.message_id ?? '', admin.email), {
      secret: SECRET,
    });
    const report = await reportFor(ctx, admin.cookie);
    expect(report.kpis).toMatchObject({ sent: 2, complaints: 1, complaint_rate_pct: 50 });
    expect(checkNamed(report, 'Complaint rate')?.status).toBe('FAIL');
    expect(report.overall_status).toBe('FAIL');

    ctx.clock.advance(7 * 86_400_000 + 1000);
    const again = await ctx.signInUser(admin);
    const later = await reportFor(ctx, again.cookie);
    expect(later.kpis).toMatchObject({ sent: 0, complaints: 0, complaint_rate_pct: 0 });
    const events = await ctx.db
      .select({ id: emailEvents.id })
      .from(emailEvents)
      .where(eq(emailEvents.orgId, admin.orgId));
    expect(events.length).toBeGreaterThan(0);
  });

  it('is for admins only: a director is refused, and runs no live test', async () => {
    const director = await ctx.signInAs('ir_director');
    expect((await ctx.request('GET', '/api/admin/email-health', { cookie: director.cookie })).status).toBe(
      403,
    );
    const res = await ctx.request('POST', '/api/admin/email-health/live-test', { cookie: director.cookie });
    expect(res.status).toBe(403);
  });

  it('says a live test was kept in the outbox when no mail server is configured', {
    timeout: STARTS_A_DATABASE_MS,
  }, async () => {
    const keeping = await createTestContext();
    const admin = await keeping.signInAs('admin');
    expect((await liveTest(keeping, admin.cookie)).map((r) => r.status)).toEqual(['stored', 'stored']);
    const report = await reportFor(keeping, admin.cookie);
    expect(checkNamed(report, 'SMTP')?.status).toBe('INFO');
    expect(checkNamed(report, 'Domain & DNS')).toMatchObject({
      status: 'SKIP',
      details: { reason: 'no_smtp' },
    });
    expect(checkNamed(report, 'Delivery webhook')?.status).toBe('SKIP');
  });
});
