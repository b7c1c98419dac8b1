import { and, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';
import {
  deliverEmail,
  EMAIL_DELIVERY_LEASE_MS,
  type EmailDeps,
  MAX_EMAIL_ATTEMPTS,
} from '../features/email/email.service';
import { withJobLock } from './runner';

/** The advisory lock of this job (any constant; the migration lock is 7_250_001). */
export const OUTBOX_RETRY_LOCK_KEY = 7_250_101;
export const OUTBOX_RETRY_INTERVAL_MS = 60_000;
/** A queued mail nobody claimed this long after it was written was left by a crash: send it. */
export const QUEUED_GRACE_MS = 60_000;
const BATCH_SIZE = 50;

/**
 * Claims up to `limit` due mails: queued ones the sender never claimed (older than the grace) or
 * whose lease ran out, and failed ones whose backoff has passed, attempts left. SKIP LOCKED and the
 * lease written here keep another instance's run off the same rows.
 */
async function claimDueMail(tx: DbOrTx, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const dueAt = sql`coalesce(${emailOutbox.nextAttemptAt}, ${emailOutbox.createdAt} + ${`${QUEUED_GRACE_MS} milliseconds`}::interval)`;
  const due = tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ['queued', 'failed']),
        lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
        sql`${dueAt} <= ${at}`,
      ),
    )
    .orderBy(dueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + EMAIL_DELIVERY_LEASE_MS) })
    .where(inArray(emailOutbox.id, due))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * One run of the outbox retry job: claims a bounded batch under the job's advisory lock (a short
 * transaction), then delivers each mail outside it through deliverEmail, which records the attempt,
 * schedules the next one with backoff or gives the mail up. Stopping mid-batch hands the rest back.
 */
export async function retryOutbox(
  deps: EmailDeps,
  options: { batchSize?: number; signal?: AbortSignal } = {},
) {
  const now = deps.clock.now();
  const claim = await withJobLock(deps.db, OUTBOX_RETRY_LOCK_KEY, (tx) =>
    claimDueMail(tx, now, options.batchSize ?? BATCH_SIZE),
  );
  const summary = { locked: claim.locked, claimed: 0, delivered: 0, failed: 0 };
  if (!claim.locked) return summary;
  summary.claimed = claim.value.length;
  for (const [index, id] of claim.value.entries()) {
    if (options.signal?.aborted) {
      const rest = claim.value.slice(index);
      await deps.db.update(emailOutbox).set({ nextAttemptAt: now }).where(inArray(emailOutbox.id, rest));
      break;
    }
    if (await deliverEmail(deps, id, { claimed: true })) summary.delivered += 1;
    else summary.failed += 1;
  }
  return summary;
}
