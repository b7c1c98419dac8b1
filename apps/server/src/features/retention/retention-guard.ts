import { RETENTION_TEXTS } from '@parley/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findCoveringHolds, lockRetention } from './retention.queries';
import { isoDay, retainedUntil } from './retention-rules';

/**
 * What a deletion is about to remove, as retention sees it (docs/decisions/030-data-retention.md). The
 * one record Parley deletes is a fund document: covered by a hold on its fund or on everything, and by
 * the retention period counted from its upload. (Messages are never deleted, only pseudonymised by an
 * erasure, which applies the same holds through `findCoveringHolds`; users are deactivated, never
 * deleted; an invitation's delete is a soft delete that keeps the row.)
 */
export type RetainedRecord = { kind: 'document'; projectId: string; datedAt: Date };

/**
 * The one gate every deletion Parley offers passes, inside the deleting transaction and before it
 * writes anything: throws 409 RECORD_UNDER_LEGAL_HOLD while an active hold covers the record, and
 * 409 RECORD_UNDER_RETENTION (naming the day) while the record is inside the organisation's period.
 * It locks the organisation's retention row FOR SHARE, so a hold placed meanwhile waits for this
 * transaction and a hold placed before is seen.
 */
export async function assertMayDelete(
  tx: Tx,
  input: { orgId: string; now: Date; record: RetainedRecord },
): Promise<void> {
  const policy = await lockRetention(tx, input.orgId, 'share');
  if (!policy) throw new AppError('NOT_FOUND');
  const { record } = input;
  const holds = await findCoveringHolds(tx, { orgId: input.orgId, projectIds: [record.projectId] });
  if (holds.length > 0) throw new AppError('RECORD_UNDER_LEGAL_HOLD');
  const until = retainedUntil(record.datedAt, policy.retentionYears);
  if (until.getTime() > input.now.getTime()) {
    throw new AppError('RECORD_UNDER_RETENTION', {
      message: RETENTION_TEXTS.keptUntil(record.kind, isoDay(until), policy.retentionYears),
    });
  }
}
