import { deliverEmail, type EmailDeps } from '../features/email/email.service';
import {
  type EmailHealthProvider,
  findDueWeeklyReports,
  noEmailHealth,
  sendWeeklyReportIfDue,
} from '../features/weekly-report/weekly-report.service';
import { withJobLock } from './runner';

export const WEEKLY_REPORT_LOCK_KEY = 7_250_105;
/**
 * Every 5 minutes: a report goes out within minutes of its time. The run asks whether a report is due,
 * so a missed minute or a day of downtime only delays it (docs/decisions/041-weekly-report-schedule.md).
 */
export const WEEKLY_REPORT_INTERVAL_MS = 5 * 60_000;
const BATCH_SIZE = 20;

export type WeeklyReportDeps = EmailDeps & { emailHealthStatus?: EmailHealthProvider };

/**
 * One run of the weekly report job: the organisations whose report is due (read without locks), their
 * e-mail health asked outside any transaction, then under the job's advisory lock one transaction in
 * which each organisation is re-checked under its own lock and sent (a savepoint each, so one failure
 * does not hold back the others). The mails are delivered after commit; the outbox retry job takes any
 * that fail.
 */
export async function runWeeklyReports(deps: WeeklyReportDeps, options: { batchSize?: number } = {}) {
  const due = await findDueWeeklyReports(deps.db, deps.clock.now(), options.batchSize ?? BATCH_SIZE);
  if (due.length === 0) return { locked: true, due: 0, sent: 0 };
  const healthOf = deps.emailHealthStatus ?? noEmailHealth;
  const health = new Map<string, Awaited<ReturnType<EmailHealthProvider>>>();
  for (const orgId of due) {
    try {
      health.set(orgId, await healthOf(orgId));
    } catch (error) {
      deps.logger.warn('weekly report: e-mail health not available', {
        orgId,
        error: error instanceof Error ? error.message : String(error),
      });
      health.set(orgId, null);
    }
  }

  const run = await withJobLock(deps.db, WEEKLY_REPORT_LOCK_KEY, async (tx) => {
    const outboxIds: string[] = [];
    let sent = 0;
    for (const orgId of due) {
      try {
        const result = await tx.transaction((org) =>
          sendWeeklyReportIfDue(org, deps, { orgId, emailHealth: health.get(orgId) ?? null }),
        );
        if (result) {
          sent += 1;
          outboxIds.push(...result.outboxIds);
        }
      } catch (error) {
        deps.logger.error('weekly report failed', {
          orgId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return { outboxIds, sent };
  });
  if (!run.locked) return { locked: false, due: due.length, sent: 0 };
  for (const id of run.value.outboxIds) await deliverEmail(deps, id);
  return { locked: true, due: due.length, sent: run.value.sent };
}
