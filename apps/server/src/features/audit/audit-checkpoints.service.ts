import type { AuditCheckpoint, AuditLatestCheckpointResponse } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { signCheckpointFields } from '../../lib/audit-checkpoint';
import { AppError } from '../../lib/errors';
import {
  findAuditChainHead,
  findChainsDueCheckpoint,
  findEntriesAt,
  findLatestCheckpoint,
  insertCheckpoint,
} from './audit.queries';

type SignContext = Pick<ServiceContext, 'clock' | 'auditSigner'>;
type CheckpointTrigger = 'scheduled' | 'on_demand' | 'export';

function publicCheckpoint(row: AuditCheckpoint): AuditCheckpoint {
  const { chain, seq, head_hash, signed_at, key_id, signature } = row;
  return { chain, seq, head_hash, signed_at, key_id, signature };
}

/**
 * Signs a checkpoint of a chain (an organisation id, or 'system') in the caller's transaction
 * (docs/audit-format.md, Checkpoints): its head, or with `atSeq` the entry at that seq (an export
 * signs the last entry it wrote, which the head may have passed since).
 *
 * It never signs over a rewritten chain: the entry at the last stored checkpoint's seq must still
 * have that checkpoint's hash, and the chain must not be shorter, else AUDIT_CHECKPOINT_REFUSED. A
 * checkpoint behind the last stored one (an export of an earlier range) is signed and returned but
 * not stored, so the stored checkpoints only ever move forward.
 */
export async function signCheckpoint(
  tx: Tx,
  ctx: SignContext,
  chain: string,
  options: { trigger?: CheckpointTrigger; atSeq?: number } = {},
): Promise<AuditCheckpoint> {
  const head = await findAuditChainHead(tx, chain);
  const headSeq = head?.seq ?? 0;
  let target: { seq: number; hash: string } | null = head;
  if (options.atSeq !== undefined && options.atSeq !== headSeq) {
    const [entry] = await findEntriesAt(tx, chain, [options.atSeq]);
    target = entry ?? null;
  }
  if (!target || target.seq === 0) throw new AppError('NOT_FOUND', { message: 'No audit entry to sign.' });

  const last = await findLatestCheckpoint(tx, chain);
  if (last) {
    const [atLast] = await findEntriesAt(tx, chain, [last.seq]);
    if (headSeq < last.seq || atLast?.hash !== last.head_hash) throw new AppError('AUDIT_CHECKPOINT_REFUSED');
  }
  const checkpoint = signCheckpointFields(
    {
      chain,
      seq: target.seq,
      head_hash: target.hash,
      signed_at: ctx.clock.now().toISOString(),
      key_id: ctx.auditSigner.keyId,
    },
    ctx.auditSigner.privateKey,
  );
  if (!last || target.seq >= last.seq) {
    await insertCheckpoint(tx, {
      chain,
      seq: checkpoint.seq,
      headHash: checkpoint.head_hash,
      signedAt: checkpoint.signed_at,
      keyId: checkpoint.key_id,
      signature: checkpoint.signature,
      trigger: options.trigger ?? 'export',
    });
  }
  return checkpoint;
}

/** `POST /api/audit/checkpoints`: the request is audited, and the checkpoint covers its own entry. */
export async function createCheckpointOnDemand(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'auditSigner'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
): Promise<{ checkpoint: AuditCheckpoint }> {
  return ctx.db.transaction(async (tx) => {
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'audit_checkpoint_signed',
      entityType: 'audit_chain',
      entityId: actor.orgId,
      details: { trigger: 'on_demand', key_id: ctx.auditSigner.keyId },
    });
    return { checkpoint: await signCheckpoint(tx, ctx, actor.orgId, { trigger: 'on_demand' }) };
  });
}

export async function getLatestCheckpoint(
  ctx: Pick<ServiceContext, 'db' | 'auditSigner'>,
  orgId: string,
): Promise<AuditLatestCheckpointResponse> {
  const row = await findLatestCheckpoint(ctx.db, orgId);
  return { checkpoint: row ? publicCheckpoint(row) : null, key_id: ctx.auditSigner.keyId };
}

/** Chains checkpointed per run of the hourly job; the rest wait for the next run. */
const DUE_BATCH = 200;

/**
 * One run's work for the hourly checkpoint job (in the job's transaction): a checkpoint for each chain
 * whose head moved since its last one. A chain that no longer matches its last checkpoint is not
 * signed: it is logged, every hour, until someone looks (GET /api/audit/verify says where).
 */
export async function signDueCheckpoints(
  tx: Tx,
  ctx: Pick<ServiceContext, 'clock' | 'auditSigner' | 'logger'>,
): Promise<{ signed: number; refused: number }> {
  let signed = 0;
  let refused = 0;
  for (const chain of await findChainsDueCheckpoint(tx, DUE_BATCH)) {
    try {
      await signCheckpoint(tx, ctx, chain, { trigger: 'scheduled' });
      signed += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'AUDIT_CHECKPOINT_REFUSED')) throw error;
      refused += 1;
      ctx.logger.error('audit checkpoint refused: the chain differs from its last signed checkpoint', {
        chain,
      });
    }
  }
  return { signed, refused };
}
