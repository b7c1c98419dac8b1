import type { AuditChainStatus } from '@parley/contracts';
import type { ServiceContext } from '../../context';
import { findLatestCheckpoint } from './audit.queries';
import { getLastVerification } from './audit.service';

/**
 * Where the organisation's chain stands, from the stored rows alone: its last recorded verification
 * and its last signed checkpoint (docs/audit-format.md). Cheap enough for every load of the Compliance
 * center and System Health; re-walking the chain is `GET /api/audit/verify`'s job.
 */
export async function getAuditChainStatus(
  ctx: Pick<ServiceContext, 'db' | 'auditSigner'>,
  orgId: string,
): Promise<AuditChainStatus> {
  const [{ verification }, checkpoint] = await Promise.all([
    getLastVerification(ctx, orgId),
    findLatestCheckpoint(ctx.db, orgId),
  ]);
  return {
    last_verification: verification,
    last_checkpoint: checkpoint ? { seq: checkpoint.seq, signed_at: checkpoint.signed_at } : null,
    key_id: ctx.auditSigner.keyId,
  };
}
