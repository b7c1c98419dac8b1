import {
  type EmailHealthStatus,
  isSupportedTimeZone,
  type UpdateWeeklyReportScheduleInput,
  WEEKLY_REPORT_DAYS,
  WEEKLY_REPORT_DEFAULT_SCHEDULE,
  type WeeklyReportDay,
  type WeeklyReportScheduleResponse,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { type EmailDeps, queueEmail } from '../email/email.service';
import { writeSystemConfigValue } from '../organizations/organizations.service';
import {
  countFlagsBySeverity,
  countMessagesReceived,
  countPendingApprovals,
  findLatestReportsAt,
  findScheduleRows,
  listDigestRecipients,
  listOrganizationsAfter,
  lockOrganizationForReport,
  summariseRepliesSent,
} from './weekly-report.queries';
import { type WeeklyFigures, weeklyReportEmail } from './weekly-report-email';
import {
  dueScheduledAt,
  nextScheduledAt,
  previousScheduledAt,
  type WeeklyReportSchedule,
} from './weekly-report-schedule';

/** The audit action a weekly report leaves behind (docs/product.md §3 Audit log); the Admin panel reads it. */
export const WEEKLY_REPORT_ACTION = 'weekly_report_sent';

/**
 * The e-mail health line of the digest, per organisation: injected (docs/decisions/041-weekly-report-schedule.md);
 * null reads as 'not available'.
 */
export type EmailHealthProvider = (orgId: string) => Promise<EmailHealthStatus | null>;
export const noEmailHealth: EmailHealthProvider = async () => null;

/** The system_config keys of the schedule, plain `key = value` rows (decision 041). */
const SETTING_NAMES = {
  day: 'weekly_report_day',
  time: 'weekly_report_time',
  timeZone: 'weekly_report_time_zone',
} as const;
const SETTING_KEYS = Object.values(SETTING_NAMES);
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const DEFAULT_SCHEDULE: WeeklyReportSchedule = {
  day: WEEKLY_REPORT_DEFAULT_SCHEDULE.day,
  time: WEEKLY_REPORT_DEFAULT_SCHEDULE.time,
  timeZone: WEEKLY_REPORT_DEFAULT_SCHEDULE.time_zone,
};

/**
 * One organisation's schedule from its rows; a setting never stored, or one this runtime no longer
 * accepts (a time zone ICU dropped), reads as its default, so a report is never stuck.
 */
function scheduleOf(rows: readonly { key: string; value: string }[]): WeeklyReportSchedule {
  const stored = (key: string) => rows.find((r) => r.key === key)?.value;
  const day = stored(SETTING_NAMES.day);
  const time = stored(SETTING_NAMES.time);
  const timeZone = stored(SETTING_NAMES.timeZone);
  return {
    day: WEEKLY_REPORT_DAYS.includes(day as WeeklyReportDay)
      ? (day as WeeklyReportDay)
      : DEFAULT_SCHEDULE.day,
    time: time && TIME_PATTERN.test(time) ? time : DEFAULT_SCHEDULE.time,
    timeZone: timeZone && isSupportedTimeZone(timeZone) ? timeZone : DEFAULT_SCHEDULE.timeZone,
  };
}

async function readSchedules(db: DbOrTx, orgIds: readonly string[]) {
  const rows = await findScheduleRows(db, orgIds, SETTING_KEYS);
  return new Map(orgIds.map((id) => [id, scheduleOf(rows.filter((r) => r.orgId === id))]));
}

async function readSchedule(db: DbOrTx, orgId: string) {
  return (await readSchedules(db, [orgId])).get(orgId) ?? DEFAULT_SCHEDULE;
}

function toResponse(
  schedule: WeeklyReportSchedule,
  now: Date,
  lastSentAt: Date | null,
): WeeklyReportScheduleResponse {
  return {
    day: schedule.day,
    time: schedule.time,
    time_zone: schedule.timeZone,
    next_at: nextScheduledAt(schedule, now).toISOString(),
    last_sent_at: lastSentAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/weekly-report: the caller's organisation's schedule. */
export async function getWeeklyReportSchedule(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<WeeklyReportScheduleResponse> {
  const [schedule, lastSent] = await Promise.all([
    readSchedule(ctx.db, actor.orgId),
    findLatestReportsAt(ctx.db, [actor.orgId], WEEKLY_REPORT_ACTION),
  ]);
  return toResponse(schedule, ctx.clock.now(), lastSent.get(actor.orgId) ?? null);
}

/**
 * PUT /api/admin/weekly-report: the whole schedule. Under the organisation's report lock (so the job
 * never reads half a change), each changed setting's row is set, and one
 * 'weekly_report_schedule_updated' entry records every change with what it replaced, in the same
 * transaction. A request that changes nothing writes nothing.
 */
export async function updateWeeklyReportSchedule(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: UpdateWeeklyReportScheduleInput,
): Promise<WeeklyReportScheduleResponse> {
  return ctx.db.transaction(async (tx) => {
    if (!(await lockOrganizationForReport(tx, actor.orgId))) throw new AppError('NOT_FOUND');
    const before = await readSchedule(tx, actor.orgId);
    const after: WeeklyReportSchedule = { day: input.day, time: input.time, timeZone: input.time_zone };
    const now = ctx.clock.now();
    const changes: Record<string, { from: string; to: string }> = {};
    for (const field of ['day', 'time', 'timeZone'] as const) {
      if (before[field] === after[field]) continue;
      const name = SETTING_NAMES[field];
      await writeSystemConfigValue(tx, {
        orgId: actor.orgId,
        key: name,
        value: after[field],
        updatedAt: now,
      });
      changes[name] = { from: before[field], to: after[field] };
    }
    if (Object.keys(changes).length > 0) {
      await appendAudit(tx, ctx.clock, {
        orgId: actor.orgId,
        actorId: actor.userId,
        actionType: 'weekly_report_schedule_updated',
        entityType: 'system_config',
        entityId: actor.orgId,
        details: { changes },
      });
    }
    const lastSent = await findLatestReportsAt(tx, [actor.orgId], WEEKLY_REPORT_ACTION);
    return toResponse(after, now, lastSent.get(actor.orgId) ?? null);
  });
}

/** How many organisations the due check reads at a time. */
const ORGANIZATION_PAGE = 200;

/**
 * The organisations whose weekly report is due now (docs/decisions/041-weekly-report-schedule.md), at
 * most `limit`: read without locks, so the sender re-checks each under its lock.
 */
export async function findDueWeeklyReports(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const due: string[] = [];
  let after: string | null = null;
  while (due.length < limit) {
    const page = await listOrganizationsAfter(db, after, ORGANIZATION_PAGE);
    if (page.length === 0) break;
    const ids = page.map((o) => o.id);
    const [schedules, lastSent] = await Promise.all([
      readSchedules(db, ids),
      findLatestReportsAt(db, ids, WEEKLY_REPORT_ACTION),
    ]);
    for (const org of page) {
      const schedule = schedules.get(org.id) ?? DEFAULT_SCHEDULE;
      const lastSentAt = lastSent.get(org.id) ?? null;
      if (dueScheduledAt({ schedule, now, createdAt: org.createdAt, lastSentAt })) due.push(org.id);
    }
    after = page.at(-1)?.id ?? null;
    if (page.length < ORGANIZATION_PAGE) break;
  }
  return due.slice(0, limit);
}

async function collectFigures(
  tx: DbOrTx,
  window: { orgId: string; from: Date; to: Date },
  emailHealth: EmailHealthStatus | null,
): Promise<WeeklyFigures> {
  // One query at a time: a transaction's one connection takes one query at a time.
  const messagesReceived = await countMessagesReceived(tx, window);
  const replies = await summariseRepliesSent(tx, window);
  const flagRows = await countFlagsBySeverity(tx, window);
  const approvalsWaiting = await countPendingApprovals(tx, window.orgId);
  const flags = { high: 0, medium: 0, low: 0 };
  for (const row of flagRows) {
    // The checker treats an unknown severity as high (packages/guardrails): so does the report.
    const severity = row.severity === 'medium' || row.severity === 'low' ? row.severity : 'high';
    flags[severity] += Number(row.count);
  }
  return {
    messagesReceived,
    repliesSent: replies.count,
    medianHoursToReply: replies.medianHours,
    flags,
    approvalsWaiting,
    emailHealth,
  };
}

/**
 * Sends one organisation's weekly report if it is still due, in the caller's transaction: the
 * organisation's row is locked first and the due check made again under the lock, so two instances
 * that both saw it due send it once. The digest is queued to each active member whose weekly digest is
 * on (an address that unsubscribed is suppressed by queueEmail), and one `weekly_report_sent` entry
 * records the week and the number of recipients, with the mails. Returns the outbox ids to deliver
 * after commit, or null when there was nothing to send.
 */
export async function sendWeeklyReportIfDue(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: { orgId: string; emailHealth: EmailHealthStatus | null },
): Promise<{ outboxIds: string[]; recipients: number; scheduledFor: Date } | null> {
  const org = await lockOrganizationForReport(tx, input.orgId);
  if (!org) return null;
  const now = deps.clock.now();
  const schedule = await readSchedule(tx, org.id);
  const lastSent = await findLatestReportsAt(tx, [org.id], WEEKLY_REPORT_ACTION);
  const scheduledAt = dueScheduledAt({
    schedule,
    now,
    createdAt: org.createdAt,
    lastSentAt: lastSent.get(org.id) ?? null,
  });
  if (!scheduledAt) return null;

  const weekStart = previousScheduledAt(schedule, scheduledAt);
  const figures = await collectFigures(
    tx,
    { orgId: org.id, from: weekStart, to: scheduledAt },
    input.emailHealth,
  );
  const content = weeklyReportEmail({
    orgName: org.name,
    timeZone: schedule.timeZone,
    weekStart,
    weekEnd: scheduledAt,
    figures,
    appOrigin: deps.appOrigin,
  });
  const outboxIds: string[] = [];
  for (const recipient of await listDigestRecipients(tx, org.id)) {
    const queued = await queueEmail(tx, deps, {
      orgId: org.id,
      to: recipient.email,
      template: 'weekly_report',
      category: 'weekly_reports',
      content,
    });
    if (!queued.isSuppressed) outboxIds.push(queued.outboxId);
  }
  await appendAudit(tx, deps.clock, {
    orgId: org.id,
    actorId: null,
    actionType: WEEKLY_REPORT_ACTION,
    entityType: 'organization',
    entityId: org.id,
    details: {
      week_start: weekStart.toISOString(),
      week_end: scheduledAt.toISOString(),
      recipients: outboxIds.length,
      scheduled_for: scheduledAt.toISOString(),
    },
  });
  return { outboxIds, recipients: outboxIds.length, scheduledFor: scheduledAt };
}

/** The next scheduled time of an organisation's report, for the Admin panel's note. */
export async function findNextWeeklyReportAt(ctx: Pick<ServiceContext, 'db' | 'clock'>, orgId: string) {
  const schedule = await readSchedule(ctx.db, orgId);
  return { at: nextScheduledAt(schedule, ctx.clock.now()), schedule };
}
