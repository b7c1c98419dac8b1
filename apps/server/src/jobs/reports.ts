import type { ServiceContext } from '../context';
import { deliverEmail, type EmailDeps } from '../features/email/email.service';
import { findDueMonthlyReports, sendMonthlyReportsIfDue } from '../features/reports/report-schedule';
import { failAbandonedReports, generateQueuedReports } from '../features/reports/reports.service';
import { withJobLock } from './runner';

export const REPORTS_LOCK_KEY = 7_250_107;
/**
 * Every minute: a report the route's in-process kick did not finish (a busy or restarted instance)
 * waits at most about a minute, and the monthly reports go out within a minute of the 1st
 * (docs/decisions/044-reports.md).
 */
export const REPORTS_INTERVAL_MS = 60_000;
/** Reports generated per run; the next run takes the rest. */
const BATCH_SIZE = 10;
/** Organisations whose monthly reports are sent per run. */
const SCHEDULE_BATCH_SIZE = 20;

export type ReportJobDeps = EmailDeps & Pick<ServiceContext, 'auditSigner'>;

/**
 * One run of the reports job. Under the job's advisory lock, in one transaction: running reports whose
 * heartbeat stopped (their process died) are failed with a reason so they can be retried, and each
 * organisation whose monthly reports are due has them queued and its recipients mailed (a savepoint
 * each, so one failure does not hold back the others). After the commit the mails are delivered, then
 * queued reports are claimed one at a time (`for update skip locked`, so instances share the queue)
 * and generated.
 */
export async function runReportJobs(
  deps: ReportJobDeps,
  options: { signal?: AbortSignal; batchSize?: number } = {},
) {
  const due = await findDueMonthlyReports(deps, deps.clock.now(), SCHEDULE_BATCH_SIZE);
  const run = await withJobLock(deps.db, REPORTS_LOCK_KEY, async (tx) => {
    const abandoned = (await failAbandonedReports(deps, tx)).length;
    const outboxIds: string[] = [];
    let scheduled = 0;
    for (const orgId of due) {
      try {
        const sent = await tx.transaction((org) => sendMonthlyReportsIfDue(org, deps, orgId));
        if (sent) {
          scheduled += 1;
          outboxIds.push(...sent.outboxIds);
        }
      } catch (error) {
        deps.logger.error('monthly reports failed', {
          orgId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return { abandoned, outboxIds, scheduled };
  });
  const { abandoned = 0, outboxIds = [], scheduled = 0 } = run.locked ? run.value : {};
  for (const id of outboxIds) await deliverEmail(deps, id);
  const generated = await generateQueuedReports(deps, {
    limit: options.batchSize ?? BATCH_SIZE,
    signal: options.signal,
  });
  return { abandoned, scheduled, ...generated };
}
