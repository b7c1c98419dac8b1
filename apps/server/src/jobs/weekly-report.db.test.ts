import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertMessage } from '../../test/factories';
import { holdJobLock } from '../../test/job-lock';
import { startSmtpSink } from '../../test/smtp-sink';
import { createTestContext, json } from '../../test/test-app';
import {
  aiResponses,
  approvalRequests,
  auditLogs,
  emailOutbox,
  organizations,
  userSettings,
  users,
} from '../db/schema';
import { createUnsubscribeToken } from '../features/email/unsubscribe-token';
import { sendWeeklyReportIfDue, WEEKLY_REPORT_ACTION } from '../features/weekly-report/weekly-report.service';
import { nextScheduledAt, type WeeklyReportSchedule } from '../features/weekly-report/weekly-report-schedule';
import { withJobLock } from './runner';
import { runWeeklyReports, WEEKLY_REPORT_LOCK_KEY } from './weekly-report';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
// A database of its own on PostgreSQL too: the job sends the report of every organisation it finds.
const ctx = await createTestContext({}, { mailer: smtp.mailer, emptyDatabase: true });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONDAY_8_UTC: WeeklyReportSchedule = { day: 'monday', time: '08:00', timeZone: 'UTC' };

const run = () => runWeeklyReports(ctx.emailDeps);

/** The next Monday 08:00 UTC after the test clock. */
function nextMonday() {
  return nextScheduledAt(MONDAY_8_UTC, ctx.clock.now());
}

/**
 * Starts a test in a week of its own: the clock an hour past the next Monday 08:00 UTC (it only moves
 * forward, as earlier tests' organisations keep their reports), and a new organisation created then.
 */
async function freshOrganisation() {
  ctx.clock.set(new Date(nextMonday().getTime() + HOUR));
  const admin = await ctx.createUser('admin');
  // The row's created_at is the database's now; this organisation is created at the test clock's.
  await ctx.db
    .update(organizations)
    .set({ createdAt: ctx.clock.now() })
    .where(eq(organizations.id, admin.orgId));
  return { orgId: admin.orgId, admin };
}

async function reportsOf(orgId: string) {
  return ctx.db
    .select({ createdAt: auditLogs.createdAt, actorId: auditLogs.actorId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, WEEKLY_REPORT_ACTION)))
    .orderBy(auditLogs.seq);
}

async function digestsOf(orgId: string) {
  return ctx.db
    .select({ to: emailOutbox.toEmail, status: emailOutbox.status, subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orgId, orgId), eq(emailOutbox.template, 'weekly_report')))
    .orderBy(emailOutbox.toEmail);
}

function mailsTo(address: string) {
  return smtp.received.filter((m) => m.to.includes(address));
}

async function unsubscribe(email: string) {
  const token = createUnsubscribeToken(ctx.emailDeps.unsubscribeKey, email);
  const res = await ctx.request('POST', '/api/email/unsubscribe', {
    body: { email, token, action: 'weekly_reports' },
  });
  expect(res.status, 'unsubscribe').toBe(200);
}

/** A reply version of a message, as the approval flow leaves it. */
async function insertVersion(
  values: Partial<typeof aiResponses.$inferInsert> & { orgId: string; messageId: string },
) {
  const [row] = await ctx.db
    .insert(aiResponses)
    .values({
      versionNumber: 1,
      source: 'generated',
      aiDraft: 'Thank you for your question.',
      citations: [],
      provenance: {},
      ...values,
    })
    .returning({ id: aiResponses.id });
  if (!row) throw new Error('no version');
  return row.id;
}

/** The outgoing reply mail an approval queues, already sent. */
async function insertSentReplyMail(orgId: string) {
  const [row] = await ctx.db
    .insert(emailOutbox)
    .values({
      orgId,
      toEmail: 'investor@example.com',
      template: 'investor_reply',
      category: 'transactional',
      subject: 'Re: your question',
      textBody: 'Answer',
      htmlBody: '<p>Answer</p>',
      headers: {},
      status: 'sent',
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('no mail');
  return row.id;
}

describe('the weekly report job', () => {
  it('sends nothing before Monday 08:00, then one digest to each member who wants it, audited', async () => {
    const { orgId, admin } = await freshOrganisation();
    const associate = await ctx.createUser('ir_associate', orgId);
    const digestOff = await ctx.createUser('ir_associate', orgId);
    const unsubscribed = await ctx.createUser('ir_director', orgId);
    const deactivated = await ctx.createUser('is_associate', orgId);
    await ctx.db.insert(userSettings).values({ userId: digestOff.userId, notifyWeeklyDigest: false });
    await unsubscribe(unsubscribed.email);
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, deactivated.userId));

    // The week the report covers: Monday 08:00 to Monday 08:00.
    const weekEnd = nextMonday();
    const weekStart = new Date(weekEnd.getTime() - 7 * DAY);
    const inWeek = (ms: number) => new Date(weekStart.getTime() + ms);
    const m1 = await insertMessage(ctx.db, { orgId, createdAt: inWeek(HOUR) });
    const m2 = await insertMessage(ctx.db, { orgId, createdAt: inWeek(2 * DAY) });
    const earlier = await insertMessage(ctx.db, { orgId, createdAt: inWeek(-HOUR) });
    await insertMessage(ctx.db, { orgId, createdAt: new Date(weekEnd.getTime() + MINUTE) });
    // Sent replies: 4 h and 10 h after their messages arrived (median 7 h); one approved reply that
    // was not sent and one sent after the week do not count.
    await insertVersion({
      orgId,
      messageId: m1,
      approvedAt: inWeek(5 * HOUR),
      sentEmailId: await insertSentReplyMail(orgId),
      complianceCheckedAt: inWeek(4 * HOUR),
      complianceFlags: [{ severity: 'high' }, { severity: 'medium' }, { severity: 'medium' }],
    });
    await insertVersion({
      orgId,
      messageId: earlier,
      approvedAt: inWeek(9 * HOUR),
      sentEmailId: await insertSentReplyMail(orgId),
      // Checked before the week: its flag is last week's.
      complianceCheckedAt: inWeek(-30 * MINUTE),
      complianceFlags: [{ severity: 'high' }],
    });
    const pendingVersion = await insertVersion({
      orgId,
      messageId: m2,
      approvedAt: inWeek(3 * DAY),
      complianceCheckedAt: inWeek(3 * DAY),
      complianceFlags: [{ severity: 'low' }],
    });
    await insertVersion({
      orgId,
      messageId: m2,
      versionNumber: 2,
      approvedAt: new Date(weekEnd.getTime() + MINUTE),
      sentEmailId: await insertSentReplyMail(orgId),
    });
    await ctx.db.insert(approvalRequests).values({
      orgId,
      messageId: m2,
      responseId: pendingVersion,
      versionNumber: 1,
      textSha256: 'a'.repeat(64),
      submittedAt: inWeek(3 * DAY),
    });

    ctx.clock.set(new Date(weekEnd.getTime() - MINUTE));
    await run();
    expect(await reportsOf(orgId)).toEqual([]);
    expect(await digestsOf(orgId)).toEqual([]);

    ctx.clock.set(new Date(weekEnd.getTime() + 2 * MINUTE));
    const result = await runWeeklyReports({
      ...ctx.emailDeps,
      emailHealthStatus: async (id) => (id === orgId ? 'WARN' : null),
    });
    expect(result).toMatchObject({ locked: true });
    expect(result.sent).toBeGreaterThanOrEqual(1);

    const reports = await reportsOf(orgId);
    expect(reports).toEqual([
      {
        createdAt: ctx.clock.now(),
        actorId: null,
        details: {
          week_start: weekStart.toISOString(),
          week_end: weekEnd.toISOString(),
          recipients: 2,
          scheduled_for: weekEnd.toISOString(),
        },
      },
    ]);
    const expected = [admin.email, associate.email];
    expect((await digestsOf(orgId)).filter((d) => d.status === 'sent').map((d) => d.to)).toEqual(
      [...expected].sort(),
    );
    // The unsubscribed address is suppressed, not sent; the digest-off and deactivated members get none.
    expect((await digestsOf(orgId)).filter((d) => d.status !== 'sent')).toEqual([
      expect.objectContaining({ to: unsubscribed.email, status: 'suppressed' }),
    ]);
    for (const other of [digestOff, unsubscribed, deactivated]) expect(mailsTo(other.email)).toEqual([]);

    const mail = await smtp.mailTo(admin.email);
    expect(mail.header('list-unsubscribe')).toMatch(/list=weekly_reports/);
    expect(mail.subject).toMatch(/^Weekly report for Org /);
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain('Messages received: 2');
    expect(text).toContain('Replies sent (approved and sent): 2');
    expect(text).toContain('Median time to reply (received to approved): 7 hours');
    expect(text).toContain('Compliance flags on drafts checked this week: 1 high, 2 medium, 1 low');
    expect(text).toContain('Approvals waiting now: 1');
    expect(text).toContain('E-mail health: WARN');
    expect(mailsTo(associate.email)).toHaveLength(1);
  });

  it('sends once a week: not again the same week, and again the next Monday', async () => {
    const { orgId, admin } = await freshOrganisation();
    const monday = nextMonday();
    ctx.clock.set(monday);
    await run();
    expect(await reportsOf(orgId)).toHaveLength(1);

    for (const later of [MINUTE, HOUR, 3 * DAY, 7 * DAY - MINUTE]) {
      ctx.clock.set(new Date(monday.getTime() + later));
      await run();
    }
    expect(await reportsOf(orgId)).toHaveLength(1);
    expect(mailsTo(admin.email)).toHaveLength(1);
    const text = (await smtp.mailTo(admin.email)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Median time to reply (received to approved): —');
    expect(text).toContain('E-mail health: not available');

    ctx.clock.set(new Date(monday.getTime() + 7 * DAY));
    await run();
    expect(await reportsOf(orgId)).toHaveLength(2);
    expect(mailsTo(admin.email)).toHaveLength(2);
  });

  it('sends one report, for the latest week, after three weeks of downtime', async () => {
    const { orgId, admin } = await freshOrganisation();
    const firstMonday = nextMonday();
    ctx.clock.set(firstMonday);
    await run();
    expect(await reportsOf(orgId)).toHaveLength(1);

    // Down from just after that report until Thursday three weeks later: three Mondays missed.
    const latestMonday = new Date(firstMonday.getTime() + 21 * DAY);
    ctx.clock.set(new Date(latestMonday.getTime() + 3 * DAY));
    await run();
    await run();
    const reports = await reportsOf(orgId);
    expect(reports).toHaveLength(2);
    expect(reports[1]?.details).toMatchObject({
      scheduled_for: latestMonday.toISOString(),
      week_start: new Date(latestMonday.getTime() - 7 * DAY).toISOString(),
    });
    expect(mailsTo(admin.email)).toHaveLength(2);
  });

  it("sends at 08:00 in the organisation's time zone", async () => {
    const { orgId } = await freshOrganisation();
    const signedIn = await ctx.signInAs('admin', orgId);
    const res = await ctx.request('PUT', '/api/admin/weekly-report', {
      cookie: signedIn.cookie,
      body: { day: 'monday', time: '08:00', time_zone: 'America/New_York' },
    });
    expect(res.status).toBe(200);
    const newYork: WeeklyReportSchedule = { ...MONDAY_8_UTC, timeZone: 'America/New_York' };
    const due = nextScheduledAt(newYork, ctx.clock.now());
    expect((await json(res)).next_at).toBe(due.toISOString());
    // 12:00 or 13:00 UTC, by daylight saving; never the UTC 08:00 of the other organisations.
    expect([12, 13]).toContain(due.getUTCHours());

    ctx.clock.set(new Date(due.getTime() - MINUTE));
    await run();
    expect(await reportsOf(orgId)).toEqual([]);
    ctx.clock.set(due);
    await run();
    expect((await reportsOf(orgId)).map((r) => r.details.scheduled_for)).toEqual([due.toISOString()]);

    // A week later, 08:00 UTC is 03:00 or 04:00 in New York: not yet.
    ctx.clock.set(nextMonday());
    await run();
    expect(await reportsOf(orgId)).toHaveLength(1);
    const nextDue = nextScheduledAt(newYork, ctx.clock.now());
    ctx.clock.set(nextDue);
    await run();
    expect((await reportsOf(orgId)).map((r) => r.details.scheduled_for)).toEqual([
      due.toISOString(),
      nextDue.toISOString(),
    ]);
  });

  it('sends once when two instances run at the same time', async () => {
    const { orgId, admin } = await freshOrganisation();
    await ctx.createUser('ir_director', orgId);
    ctx.clock.set(nextMonday());
    await Promise.all([run(), run()]);
    expect(await reportsOf(orgId)).toHaveLength(1);
    expect(await digestsOf(orgId)).toHaveLength(2);
    expect(mailsTo(admin.email)).toHaveLength(1);

    // Without the job lock too: the organisation's lock and the re-check under it send once.
    const next = await freshOrganisation();
    ctx.clock.set(nextMonday());
    const send = () =>
      ctx.db.transaction((tx) =>
        sendWeeklyReportIfDue(tx, ctx.emailDeps, { orgId: next.orgId, emailHealth: null }),
      );
    const results = await Promise.all([send(), send()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await reportsOf(next.orgId)).toHaveLength(1);
    expect(await digestsOf(next.orgId)).toHaveLength(1);
  });

  it.runIf(ctx.database.kind === 'postgres')(
    'skips a run while another instance holds the job lock',
    async () => {
      const { orgId } = await freshOrganisation();
      ctx.clock.set(nextMonday());
      const other = await holdJobLock(ctx.db, WEEKLY_REPORT_LOCK_KEY);
      expect(await run()).toMatchObject({ locked: false, sent: 0 });
      expect(await withJobLock(ctx.db, WEEKLY_REPORT_LOCK_KEY, async () => 1)).toEqual({ locked: false });
      await other.release();
      expect(await run()).toMatchObject({ locked: true });
      expect(await reportsOf(orgId)).toHaveLength(1);
    },
  );
});
