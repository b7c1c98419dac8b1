import type { ServiceContext } from '../context';
import { failAbandonedReports, generateQueuedReports } from '../features/reports/reports.service';
import { withJobLock } from './runner';

export const REPORTS_LOCK_KEY = 7_250_107;
/**
 * Every minute: a report the route's in-process kick did not finish (a busy or restarted instance)
 * waits at most about a minute (docs/decisions/044-reports.md).
 */
export const REPORTS_INTERVAL_MS = 60_000;
/** Reports generated per run; the next run takes the rest. */
const BATCH_SIZE = 10;

/**
 * One run of the reports job: under the job's advisory lock, running reports whose heartbeat stopped
 * (their process died) are failed with a reason so they can be retried; then queued reports are claimed
 * one at a time (`for update skip locked`, so instances share the queue) and generated.
 */
export async function runReportJobs(
  deps: Pick<ServiceContext, 'db' | 'clock' | 'logger' | 'auditSigner'>,
  options: { signal?: AbortSignal; batchSize?: number } = {},
) {
  const sweep = await withJobLock(deps.db, REPORTS_LOCK_KEY, (tx) => failAbandonedReports(deps, tx));
  const abandoned = sweep.locked ? sweep.value.length : 0;
  const generated = await generateQueuedReports(deps, {
    limit: options.batchSize ?? BATCH_SIZE,
    signal: options.signal,
  });
  return { abandoned, ...generated };
}
