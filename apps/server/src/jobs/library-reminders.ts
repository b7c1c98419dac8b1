import { remindLibraryOwners } from '../features/answer-library/library-reminders';
import { deliverEmail, type EmailDeps } from '../features/email/email.service';
import { withJobLock } from './runner';

export const LIBRARY_REMINDERS_LOCK_KEY = 7_250_103;
/** Hourly: a reminder a day early or late does not matter; one per state does (decision 028). */
export const LIBRARY_REMINDERS_INTERVAL_MS = 60 * 60_000;
const BATCH_SIZE = 100;

/**
 * One run of the library reminders job (docs/decisions/028-answer-library.md): a bounded batch of owners
 * reminded of answers expiring within 14 days or expired, under the job's advisory lock in one
 * transaction; their e-mails delivered after commit (the outbox retry job picks up any that fail).
 */
export async function runLibraryReminders(deps: EmailDeps, options: { batchSize?: number } = {}) {
  const run = await withJobLock(deps.db, LIBRARY_REMINDERS_LOCK_KEY, (tx) =>
    remindLibraryOwners(tx, deps, { limit: options.batchSize ?? BATCH_SIZE }),
  );
  if (!run.locked) return { locked: false, reminded: 0 };
  for (const id of run.value.outboxIds) await deliverEmail(deps, id);
  return { locked: true, reminded: run.value.reminded };
}
