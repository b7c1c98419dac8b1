import type { ServiceContext } from '../context';
import { signDueCheckpoints } from '../features/audit/audit-checkpoints.service';
import { withJobLock } from './runner';

export const AUDIT_CHECKPOINTS_LOCK_KEY = 7_250_104;
/** Hourly (docs/audit-format.md, Checkpoints): a chain that did not move is not signed again. */
export const AUDIT_CHECKPOINTS_INTERVAL_MS = 60 * 60_000;

/** One run of the checkpoint job, under its advisory lock (decision 017: one instance does it). */
export async function runAuditCheckpoints(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'auditSigner' | 'logger'>,
) {
  const run = await withJobLock(ctx.db, AUDIT_CHECKPOINTS_LOCK_KEY, (tx) => signDueCheckpoints(tx, ctx));
  return run.locked ? { locked: true, ...run.value } : { locked: false, signed: 0, refused: 0 };
}
