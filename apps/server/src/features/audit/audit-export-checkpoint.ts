import type { ServiceContext } from '../../context';
import { type CheckpointLine, checkpointLine } from '../../lib/audit-checkpoint';
import { AppError } from '../../lib/errors';
import { signCheckpoint } from './audit-checkpoints.service';

/** The head of the chain an export ends at: its own `audit_exported` entry. */
export type ExportedHead = { chain: string; seq: number; hash: string };

/**
 * The signed checkpoint line that ends a JSON Lines export (docs/audit-format.md), covering `head`
 * exactly, so a tail cut from the file is caught. Null when Parley refuses to sign because the chain
 * no longer holds what its last checkpoint says: the export then ends unsigned, and the offline
 * verifier reports it.
 */
export async function exportCheckpointLine(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'auditSigner' | 'logger'>,
  head: ExportedHead,
): Promise<CheckpointLine | null> {
  try {
    const signed = await ctx.db.transaction((tx) =>
      signCheckpoint(tx, ctx, head.chain, { trigger: 'export', atSeq: head.seq }),
    );
    return checkpointLine(signed);
  } catch (error) {
    if (error instanceof AppError && error.code === 'AUDIT_CHECKPOINT_REFUSED') {
      ctx.logger.warn('audit export left unsigned: the chain differs from its last checkpoint', {
        chain: head.chain,
      });
      return null;
    }
    throw error;
  }
}
