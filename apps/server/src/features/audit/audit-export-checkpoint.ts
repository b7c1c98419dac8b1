import type { ServiceContext } from '../../context';

/** The head of the chain an export ends at: its own `audit_exported` entry. */
export type ExportedHead = { chain: string; seq: number; hash: string };

/**
 * HOOK: the signed checkpoint line that ends a JSON Lines export (docs/audit-format.md), covering
 * `head`. Signed checkpoints are written by the chain-proof module (`signCheckpoint`); until it is
 * wired here the export ends with its last entry. Returns the checkpoint object, or null for none.
 */
export async function exportCheckpointLine(
  _ctx: Pick<ServiceContext, 'db' | 'clock'>,
  _head: ExportedHead,
): Promise<Record<string, unknown> | null> {
  return null;
}
