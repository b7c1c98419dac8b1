import type { Db } from '../db/client';
import { type AuditEntry, appendAudit } from './audit';
import type { Clock } from './clock';

/**
 * The audit entry of an access that changes nothing else — an export, a download, a read examiners
 * ask about: one append in a short transaction of its own, written before the bytes go out, so an
 * access that could not be recorded does not happen (docs/architecture.md 'The audit chain').
 */
export function recordAccess(ctx: { db: Db; clock: Clock }, entry: AuditEntry) {
  return ctx.db.transaction((tx) => appendAudit(tx, ctx.clock, entry));
}
