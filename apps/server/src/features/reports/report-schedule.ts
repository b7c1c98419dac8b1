import {
  REPORT_TYPE_LABELS,
  type ReportSchedule,
  type ReportType,
  reportPeriodOf,
  startOfNextMonth,
  type UpdateReportScheduleInput,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { type EmailDeps, queueEmail } from '../email/email.service';
import {
  findReportSchedule,
  listActiveMembers,
  listDueReportSchedules,
  lockReportSchedule,
  setReportScheduleSent,
  upsertReportSchedule,
} from './report-schedule.queries';
import { queueReport } from './reports.service';

// docs/decisions/044-reports.md: the monthly reports, sent on the 1st (UTC) for the month before.

const monthName = (periodStart: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${periodStart}T00:00:00Z`),
  );

function toScheduleDto(
  row: Awaited<ReturnType<typeof findReportSchedule>>,
  members: Awaited<ReturnType<typeof listActiveMembers>>,
  now: Date,
): ReportSchedule {
  const chosen = new Set(row?.recipientIds ?? []);
  return {
    enabled: row?.enabled ?? false,
    types: (row?.types ?? []) as ReportType[],
    recipients: members.filter((m) => chosen.has(m.id)),
    next_at: row?.enabled ? startOfNextMonth(now).toISOString() : null,
    last_period_start: row?.lastPeriodStart ?? null,
    members,
  };
}

export async function getReportSchedule(ctx: Pick<ServiceContext, 'db' | 'clock'>, actor: Actor) {
  const row = await findReportSchedule(ctx.db, actor.orgId);
  return toScheduleDto(row, await listActiveMembers(ctx.db, actor.orgId), ctx.clock.now());
}

/**
 * Changes the monthly reports, audited with what changed in the same transaction. Recipients must be
 * active members of the organisation. Turning it on counts last month as sent: the first reports go out
 * on the next 1st, never at once for a month that is already over.
 */
export async function updateReportSchedule(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Actor,
  input: UpdateReportScheduleInput,
): Promise<ReportSchedule> {
  return ctx.db.transaction(async (tx) => {
    const members = await listActiveMembers(tx, actor.orgId, input.recipient_ids);
    if (members.length !== input.recipient_ids.length) {
      throw new AppError('VALIDATION_FAILED', {
        fields: { recipient_ids: 'Choose active members of your organisation' },
      });
    }
    const before = await lockReportSchedule(tx, actor.orgId);
    const now = ctx.clock.now();
    const turnedOn = input.enabled && !before?.enabled;
    const lastPeriodStart = turnedOn
      ? reportPeriodOf('last_month', now).start
      : (before?.lastPeriodStart ?? null);
    const from = {
      enabled: before?.enabled ?? false,
      types: before?.types ?? [],
      recipient_ids: before?.recipientIds ?? [],
    };
    const to = { enabled: input.enabled, types: [...input.types], recipient_ids: [...input.recipient_ids] };
    const changes = Object.fromEntries(
      (Object.keys(to) as (keyof typeof to)[])
        .filter(
          (key) => JSON.stringify([from[key]].flat().sort()) !== JSON.stringify([to[key]].flat().sort()),
        )
        .map((key) => [key, { from: from[key], to: to[key] }]),
    );
    if (Object.keys(changes).length > 0) {
      await upsertReportSchedule(tx, {
        orgId: actor.orgId,
        enabled: input.enabled,
        types: to.types,
        recipientIds: to.recipient_ids,
        lastPeriodStart,
        updatedBy: actor.userId,
        updatedAt: now,
      });
      await appendAudit(tx, ctx.clock, {
        orgId: actor.orgId,
        actorId: actor.userId,
        actionType: 'report_schedule_updated',
        entityType: 'report_schedule',
        entityId: actor.orgId,
        details: { changes },
      });
    }
    const row = await findReportSchedule(tx, actor.orgId);
    return toScheduleDto(row, await listActiveMembers(tx, actor.orgId), now);
  });
}

/** Organisations whose monthly reports are due at `now` (read without locks; each is re-checked). */
export async function findDueMonthlyReports(ctx: Pick<ServiceContext, 'db'>, now: Date, limit: number) {
  return listDueReportSchedules(ctx.db, reportPeriodOf('last_month', now).start, limit);
}

/**
 * Sends one organisation's monthly reports if still due, in the caller's transaction: the schedule row
 * locked, one queued report per type for last month (all funds), one mail per recipient with a link to
 * the Reports page (the outbox keeps no attachments), the month marked sent and one audit entry.
 * Returns the mails to deliver after the commit, or null when another run sent it already.
 */
export async function sendMonthlyReportsIfDue(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  orgId: string,
): Promise<{ outboxIds: string[]; reportIds: string[] } | null> {
  const now = deps.clock.now();
  const period = reportPeriodOf('last_month', now);
  const schedule = await lockReportSchedule(tx, orgId);
  if (!schedule?.enabled || (schedule.lastPeriodStart !== null && schedule.lastPeriodStart >= period.start))
    return null;
  const types = schedule.types as ReportType[];
  const reportIds: string[] = [];
  for (const type of types) {
    reportIds.push(
      await queueReport(tx, deps, {
        orgId,
        actorId: null,
        type,
        period_start: period.start,
        period_end: period.end,
        fund_id: null,
      }),
    );
  }
  const recipients = await listActiveMembers(tx, orgId, schedule.recipientIds);
  const month = monthName(period.start);
  const names = types.map((type) => REPORT_TYPE_LABELS[type]).join(', ');
  const outboxIds: string[] = [];
  for (const recipient of recipients) {
    const { outboxId, isSuppressed } = await queueEmail(tx, deps, {
      orgId,
      to: recipient.email,
      template: 'monthly_reports',
      category: 'weekly_reports',
      content: {
        subject: `Monthly reports for ${month}`,
        title: `Your reports for ${month}`,
        paragraphs: [
          `The ${names} ${types.length === 1 ? 'report' : 'reports'} for ${period.start} to ${period.end} (UTC, all funds) are being generated now.`,
          'They are ready to download as PDF and CSV on the Reports page within a few minutes.',
        ],
        action: { label: 'Open Reports', url: `${deps.appOrigin}/reports` },
        footnote: 'You receive this because an admin added you to the monthly reports in Parley.',
      },
    });
    if (!isSuppressed) outboxIds.push(outboxId);
  }
  await setReportScheduleSent(tx, orgId, period.start);
  await appendAudit(tx, deps.clock, {
    orgId,
    actorId: null,
    actionType: 'monthly_reports_sent',
    entityType: 'report_schedule',
    entityId: orgId,
    details: {
      period_start: period.start,
      period_end: period.end,
      types,
      report_ids: reportIds,
      recipients: recipients.map((r) => r.email),
    },
  });
  return { outboxIds, reportIds };
}
