import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { Logger } from '../lib/logger';

/** A job the runner repeats every `intervalMs` (with jitter) until stopped. */
export type Job = {
  name: string;
  intervalMs: number;
  /** The signal aborts when the runner stops: a long run checks it between units of work. */
  run(signal: AbortSignal): Promise<unknown>;
};

/** The first run waits at most this long after start, so a short-lived instance still runs its jobs. */
const FIRST_RUN_MAX_DELAY_MS = 30_000;

/**
 * Decision 017: two fixed-interval jobs need no cron. Each job runs again ±10 % of its interval
 * after the previous run ended (never two runs of one job at once in a process; the jitter keeps
 * instances from waking together). A failure is logged and the job keeps its schedule: a job never
 * takes the process down. `stop()` cancels the timers, aborts the signal and waits for runs under way.
 */
export function scheduleJobs(
  jobs: readonly Job[],
  options: { logger: Logger; random?: () => number },
): () => Promise<void> {
  const random = options.random ?? Math.random;
  const controller = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: Job, delayMs: number) => {
    if (controller.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = runOnce(job).finally(() => {
        running.delete(run);
        schedule(job, job.intervalMs * (0.9 + 0.2 * random()));
      });
      running.add(run);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  const runOnce = async (job: Job) => {
    const startedAt = Date.now();
    try {
      const result = await job.run(controller.signal);
      options.logger.debug('job finished', { job: job.name, ms: Date.now() - startedAt, result });
    } catch (error) {
      options.logger.error('job failed', {
        job: job.name,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  for (const job of jobs) {
    schedule(job, Math.min(job.intervalMs, FIRST_RUN_MAX_DELAY_MS) * (0.5 + 0.5 * random()));
  }

  return async () => {
    controller.abort();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.all([...running]);
  };
}

/**
 * Runs `work` in a transaction holding the transaction-level advisory lock `key`, or not at all
 * when another instance holds it (docs/architecture.md Scheduled jobs: one instance runs each one). The lock
 * ends with the transaction, so a crashed instance never leaves it behind.
 */
export async function withJobLock<T>(
  db: Db,
  key: number,
  work: (tx: Tx) => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  return db.transaction(async (tx) => {
    // Both drivers (node-postgres, PGlite) return the rows as `rows`.
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`)) as {
      rows: { locked: boolean }[];
    };
    if (result.rows[0]?.locked !== true) return { locked: false as const };
    return { locked: true as const, value: await work(tx) };
  });
}
