import type { Readable } from 'node:stream';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { checkpointLine } from '../../lib/audit-checkpoint';
import { AppError } from '../../lib/errors';
import { signCheckpoint } from '../audit/audit-checkpoints.service';
import { packFiles, zipStream } from './evidence-files';
import { collectPack, type PackScope } from './evidence-pack';
import { findThreadMessage, listScopeMessageIds } from './evidence-pack.queries';

// docs/decisions/031-evidence-packs.md: an evidence pack of one thread, or of the threads of an
// investor, a fund or a period.

/** Threads in one pack at most: a wider selection is refused with the number to narrow it by. */
export const MAX_PACK_THREADS = 200;

export type EvidenceSelection = {
  investorEmail?: string;
  projectId?: string;
  /** Inclusive first day and last day, UTC. */
  from?: Date;
  to?: Date;
};

type Deps = Pick<ServiceContext, 'db' | 'clock' | 'auditSigner'>;

/**
 * Collects the pack and records the export in one transaction, so the pack's checkpoint covers its
 * own export entry; the files are written after.
 */
async function buildPack(
  ctx: Deps,
  actor: Actor,
  scope: PackScope,
  messageIdsOf: (tx: DbOrTx) => Promise<string[]>,
) {
  const { pack, checkpoint } = await ctx.db.transaction(async (tx) => {
    const messageIds = await messageIdsOf(tx);
    const exported = await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'evidence_pack_exported',
      entityType: scope.kind === 'thread' ? 'investor_message' : 'evidence_pack',
      entityId: scope.kind === 'thread' ? scope.message_id : null,
      details: { scope, threads: messageIds.length, key_id: ctx.auditSigner.keyId },
    });
    const now = ctx.clock.now();
    const collected = await collectPack(tx, {
      orgId: actor.orgId,
      scope,
      messageIds,
      generatedAt: now,
      generatedBy: actor.userId,
      exportEntryId: exported.id,
    });
    const signed = await signCheckpoint(tx, ctx, actor.orgId, { trigger: 'export' });
    return { pack: collected, checkpoint: checkpointLine(signed) };
  });
  const files = await packFiles(pack, ctx.auditSigner, checkpoint);
  return { files, threads: pack.threads.length, generatedAt: new Date(pack.generated_at) };
}

export async function threadEvidencePack(
  ctx: Deps,
  actor: Actor,
  messageId: string,
): Promise<{ fileName: string; stream: Readable }> {
  if (!(await findThreadMessage(ctx.db, actor.orgId, messageId))) throw new AppError('NOT_FOUND');
  const { files, generatedAt } = await buildPack(
    ctx,
    actor,
    { kind: 'thread', message_id: messageId },
    async () => [messageId],
  );
  return {
    fileName: `parley-evidence-${messageId.slice(0, 8)}-${generatedAt.toISOString().slice(0, 10)}.zip`,
    stream: zipStream(files, generatedAt),
  };
}

export async function selectionEvidencePack(
  ctx: Deps,
  actor: Actor,
  selection: EvidenceSelection,
): Promise<{ fileName: string; stream: Readable }> {
  const before = selection.to ? new Date(selection.to.getTime() + 86_400_000) : undefined;
  const scope = {
    ...(selection.investorEmail ? { investorEmail: selection.investorEmail } : {}),
    ...(selection.projectId ? { projectId: selection.projectId } : {}),
    ...(selection.from ? { from: selection.from } : {}),
    ...(before ? { before } : {}),
  };
  const ids = await listScopeMessageIds(ctx.db, actor.orgId, scope, MAX_PACK_THREADS + 1);
  if (ids.length > MAX_PACK_THREADS) {
    throw new AppError('VALIDATION_FAILED', {
      message: `This selection holds more than ${MAX_PACK_THREADS} threads; narrow it by investor, fund or period.`,
      fields: { to: `At most ${MAX_PACK_THREADS} threads per evidence pack.` },
    });
  }
  const day = (d: Date | undefined) => (d ? d.toISOString().slice(0, 10) : null);
  const { files, generatedAt } = await buildPack(
    ctx,
    actor,
    {
      kind: 'selection',
      investor: selection.investorEmail ?? null,
      fund: selection.projectId ?? null,
      from: day(selection.from),
      to: day(selection.to),
    },
    // Read again inside the transaction: the pack and its export entry see the same threads.
    (tx) => listScopeMessageIds(tx, actor.orgId, scope, MAX_PACK_THREADS),
  );
  return {
    fileName: `parley-evidence-${generatedAt.toISOString().slice(0, 10)}.zip`,
    stream: zipStream(files, generatedAt),
  };
}
