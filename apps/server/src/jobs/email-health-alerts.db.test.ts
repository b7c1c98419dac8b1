import type { CheckStatus, EmailHealthReport, OverallStatus } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink';
import { createTestContext } from '../../test/test-app';
import { auditLogs, emailEvents, emailOutbox, notifications, systemConfig } from '../db/schema';
import { queueEmail } from '../features/email/email.service';
import { createUnsubscribeToken } from '../features/email/unsubscribe-token';
import { kpisOf } from '../features/email-health/checks';
import {
  EMAIL_HEALTH_ALERT_ACTION,
  EMAIL_HEALTH_LAST_STATUS_KEY,
  recordEmailHealthStatus,
} from '../features/email-health/email-health-alerts';
import { runEmailHealthAlerts } from './email-health-alerts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
// A database of its own on PostgreSQL too: the job reports on every organisation it finds.
const ctx = await createTestContext({}, { mailer: smtp.mailer, emptyDatabase: true });

const NO_MAIL = {
  sent: 0,
  delivered: 0,
  bounced: 0,
  complaints: 0,
  opened: 0,
  clicked: 0,
  givenUp: 0,
  lastSentAt: null,
};

/** A report whose overall status is `status`, made of one check of that status beside a passing one. */
function reportWith(status: OverallStatus, name = 'Bounce rate'): EmailHealthReport {
  const check = (checkName: string, checkStatus: CheckStatus) => ({
    name: checkName,
    status: checkStatus,
    summary: `${checkName} is ${checkStatus}.`,
    details: {},
  });
  return {
    timestamp: ctx.clock.now().toISOString(),
    overall_status: status,
    checks: [check('Outbox', 'PASS'), check(name, status)],
    kpis: kpisOf(NO_MAIL, 0, ctx.clock.now()),
  };
}

/** The job with the organisation's report steered; every other organisation reads PASS. */
const runWith = (orgId: string, status: OverallStatus, name?: string) =>
  runEmailHealthAlerts({
    ...ctx.emailDeps,
    config: ctx.config,
    reportOf: async (id) => reportWith(id === orgId ? status : 'PASS', name),
  });

async function alertsOf(orgId: string) {
  return ctx.db
    .select({ actorId: auditLogs.actorId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, EMAIL_HEALTH_ALERT_ACTION)))
    .orderBy(auditLogs.seq);
}

async function lastStatusOf(orgId: string) {
  const [row] = await ctx.db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(and(eq(systemConfig.orgId, orgId), eq(systemConfig.key, EMAIL_HEALTH_LAST_STATUS_KEY)));
  return row?.value ?? null;
}

async function alertMailsOf(orgId: string) {
  return ctx.db
    .select({
      to: emailOutbox.toEmail,
      status: emailOutbox.status,
      subject: emailOutbox.subject,
      category: emailOutbox.category,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orgId, orgId), eq(emailOutbox.template, 'email_health_alert')))
    .orderBy(emailOutbox.createdAt, emailOutbox.toEmail);
}

async function notificationsOf(userId: string) {
  return ctx.db
    .select({ kind: notifications.kind, title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'email_health_alert')))
    .orderBy(notifications.createdAt);
}

describe('the e-mail health alerts job', () => {
  it('alerts when the status gets worse, and only then: PASS→WARN→WARN→FAIL→PASS→WARN, FAIL→WARN', async () => {
    const admin = await ctx.createUser('admin');
    const { orgId } = admin;
    const steps: { status: OverallStatus; alerts: boolean }[] = [
      { status: 'PASS', alerts: false },
      { status: 'WARN', alerts: true },
      { status: 'WARN', alerts: false },
      { status: 'FAIL', alerts: true },
      { status: 'PASS', alerts: false },
      { status: 'WARN', alerts: true },
      { status: 'FAIL', alerts: true },
      { status: 'WARN', alerts: false },
    ];
    let expected = 0;
    for (const [index, step] of steps.entries()) {
      ctx.clock.advance(15 * 60_000);
      const result = await runWith(orgId, step.status);
      expect(result.locked, `run ${index}`).toBe(true);
      if (step.alerts) expected += 1;
      expect(await alertsOf(orgId), `run ${index}: ${step.status}`).toHaveLength(expected);
      expect(await lastStatusOf(orgId), `run ${index}`).toBe(step.status);
    }
    expect((await alertsOf(orgId)).map((a) => a.details)).toEqual([
      { from: 'PASS', to: 'WARN', failing_checks: ['Bounce rate'] },
      { from: 'WARN', to: 'FAIL', failing_checks: ['Bounce rate'] },
      { from: 'PASS', to: 'WARN', failing_checks: ['Bounce rate'] },
      { from: 'WARN', to: 'FAIL', failing_checks: ['Bounce rate'] },
    ]);
    expect((await alertsOf(orgId)).every((a) => a.actorId === null)).toBe(true);
    expect((await alertMailsOf(orgId)).map((m) => [m.subject, m.status, m.category])).toEqual([
      ['Parley email health: WARN', 'sent', 'system_alerts'],
      ['Parley email health: FAIL', 'sent', 'system_alerts'],
      ['Parley email health: WARN', 'sent', 'system_alerts'],
      ['Parley email health: FAIL', 'sent', 'system_alerts'],
    ]);
    expect((await notificationsOf(admin.userId)).map((n) => n.title)).toEqual([
      'Email health: WARN',
      'Email health: FAIL',
      'Email health: WARN',
      'Email health: FAIL',
    ]);

    // The mails are delivered after each run's commit: the last one's arrival means all arrived.
    expect((await smtp.mailTo(admin.email)).subject).toBe('Parley email health: FAIL');
    const received = smtp.received.filter((m) => m.to.includes(admin.email));
    expect(received.map((m) => m.subject)).toEqual([
      'Parley email health: WARN',
      'Parley email health: FAIL',
      'Parley email health: WARN',
      'Parley email health: FAIL',
    ]);
    const [mail] = received;
    if (!mail) throw new Error('no alert mail');
    expect(mail.header('list-unsubscribe')).toMatch(/list=system_alerts/);
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain('went from PASS to WARN');
    expect(text).toContain('Bounce rate (WARN): Bounce rate is WARN.');
    expect(text).not.toContain('Outbox (PASS)');
    expect(text).toContain(`${ctx.config.appOrigin}/admin/system/email-health`);
  });

  it('alerts a WARN or FAIL found on the first run (no status recorded yet counts as PASS)', async () => {
    const admin = await ctx.createUser('admin');
    await runWith(admin.orgId, 'FAIL', 'Complaint rate');
    expect((await alertsOf(admin.orgId)).map((a) => a.details)).toEqual([
      { from: null, to: 'FAIL', failing_checks: ['Complaint rate'] },
    ]);
  });

  it('tells admins only; an admin who turned system alerts off gets the notification, the mail suppressed', async () => {
    const admin = await ctx.createUser('admin');
    const { orgId } = admin;
    const unsubscribed = await ctx.createUser('admin', orgId);
    const director = await ctx.createUser('ir_director', orgId);
    const associate = await ctx.createUser('ir_associate', orgId);
    const token = createUnsubscribeToken(ctx.emailDeps.unsubscribeKey, unsubscribed.email);
    const res = await ctx.request('POST', '/api/email/unsubscribe', {
      body: { email: unsubscribed.email, token, action: 'system_alerts' },
    });
    expect(res.status, 'unsubscribe').toBe(200);

    await runWith(orgId, 'PASS');
    await runWith(orgId, 'FAIL');

    expect(await notificationsOf(admin.userId)).toHaveLength(1);
    expect(await notificationsOf(unsubscribed.userId)).toEqual([
      { kind: 'email_health_alert', title: 'Email health: FAIL', body: 'Bounce rate (FAIL)' },
    ]);
    expect(await notificationsOf(director.userId)).toEqual([]);
    expect(await notificationsOf(associate.userId)).toEqual([]);

    const mails = await alertMailsOf(orgId);
    expect(mails.map((m) => [m.to, m.status]).sort()).toEqual(
      [
        [admin.email, 'sent'],
        [unsubscribed.email, 'suppressed'],
      ].sort(),
    );
    const [suppression] = await ctx.db
      .select({ details: emailEvents.details })
      .from(emailEvents)
      .where(
        and(
          eq(emailEvents.recipientEmail, unsubscribed.email),
          eq(emailEvents.actionType, 'email_suppressed'),
        ),
      );
    expect(suppression?.details).toEqual({ reason: 'unsubscribed' });
    expect(smtp.received.filter((m) => m.to.includes(unsubscribed.email))).toEqual([]);
    expect(smtp.received.filter((m) => m.to.includes(director.email))).toEqual([]);
    expect(await smtp.mailTo(admin.email)).toBeTruthy();
  });

  it('alerts once when two instances run at the same time', async () => {
    const admin = await ctx.createUser('admin');
    const { orgId } = admin;
    await runWith(orgId, 'PASS');
    await Promise.all([runWith(orgId, 'WARN'), runWith(orgId, 'WARN')]);
    expect(await alertsOf(orgId)).toHaveLength(1);
    expect(await alertMailsOf(orgId)).toHaveLength(1);
    expect(await notificationsOf(admin.userId)).toHaveLength(1);

    // Without the job lock too: the organisation's row lock and the re-read under it alert once.
    const record = () =>
      ctx.db.transaction((tx) =>
        recordEmailHealthStatus(tx, ctx.emailDeps, { orgId, report: reportWith('FAIL') }),
      );
    const results = await Promise.all([record(), record()]);
    expect(results.filter((r) => r.isAlerted)).toHaveLength(1);
    expect(await alertsOf(orgId)).toHaveLength(2);
    expect(await alertMailsOf(orgId)).toHaveLength(2);
  });

  it('alerts from the real report: a complaint rate at the limit makes it FAIL', async () => {
    const admin = await ctx.createUser('admin');
    const { orgId } = admin;
    const now = ctx.clock.now();
    // One mail in the outbox for the complaint to point at, ten sent, one complaint: 10 % ≥ 0.3 %.
    const { outboxId } = await ctx.db.transaction((tx) =>
      queueEmail(tx, ctx.emailDeps, {
        orgId,
        to: 'investor@example.com',
        template: 'reply',
        category: 'transactional',
        content: { subject: 'Re: question', title: 'Re: question', paragraphs: ['Answer.'] },
      }),
    );
    await ctx.db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.id, outboxId));
    const event = (actionType: string) => ({
      orgId,
      outboxId,
      createdAt: now,
      actionType,
      recipientEmail: 'investor@example.com',
      template: 'reply',
      success: true,
    });
    await ctx.db
      .insert(emailEvents)
      .values([...Array.from({ length: 10 }, () => event('email_sent')), event('email_complained')]);

    const result = await runEmailHealthAlerts({ ...ctx.emailDeps, config: ctx.config });
    expect(result).toMatchObject({ locked: true });
    expect(await lastStatusOf(orgId)).toBe('FAIL');
    const [alert] = await alertsOf(orgId);
    expect(alert?.details).toEqual({ from: null, to: 'FAIL', failing_checks: ['Complaint rate'] });
    const mail = await smtp.mailTo(admin.email);
    expect(mail.subject).toBe('Parley email health: FAIL');
    expect(mail.text.replace(/\s+/g, ' ')).toContain('Complaint rate (FAIL): 10% of mail was marked as spam');

    // The next run finds it still failing: no second alert.
    await runEmailHealthAlerts({ ...ctx.emailDeps, config: ctx.config });
    expect(await alertsOf(orgId)).toHaveLength(1);
  });
});
