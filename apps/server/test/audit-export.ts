import { writeFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { auditCheckpoints, auditLogs } from '../src/db/schema';
import { type AuditEntryLine, auditEntryLine } from '../src/features/audit/audit-export-line';
import { type CheckpointLine, checkpointLine } from '../src/lib/audit-checkpoint';
import { computeAuditHash } from '../src/lib/audit-hash';

/**
 * Export files for the tests (docs/audit-format.md, Export lines): the export's own line builder over
 * the rows as stored, without the endpoint, so the tamper tests can change rows and lines at will.
 */

export type EntryLine = AuditEntryLine;
export type ExportLine = EntryLine | CheckpointLine;
export { checkpointLine };

/** Every entry of a chain by seq, then its stored checkpoints in the order signed. */
export async function exportLinesOf(db: DbOrTx, chain: string): Promise<ExportLine[]> {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.chain, chain))
    .orderBy(asc(auditLogs.seq));
  const checkpoints = await db
    .select()
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.chain, chain))
    .orderBy(asc(auditCheckpoints.id));
  return [
    ...rows.map(auditEntryLine),
    ...checkpoints.map((c) =>
      checkpointLine({
        chain: c.chain,
        seq: c.seq,
        head_hash: c.headHash,
        signed_at: c.signedAt,
        key_id: c.keyId,
        signature: c.signature,
      }),
    ),
  ];
}

export function hashOfLine(line: EntryLine): string {
  return computeAuditHash({
    prevHash: line.prev_hash,
    createdAt: new Date(line.created_at),
    actorId: line.actor_id,
    actionType: line.action_type,
    entityType: line.entity_type,
    entityId: line.entity_id,
    details: line.details,
  });
}

/** Re-links and re-hashes entry lines from `from` on, as someone without the key would to hide a change. */
export function rehashFrom(lines: ExportLine[], from: number): void {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i];
    const before = lines[i - 1];
    if (line?.type !== 'entry') continue;
    if (before?.type === 'entry') line.prev_hash = before.hash;
    line.hash = hashOfLine(line);
  }
}

export function writeExport(file: string, lines: ExportLine[]): string {
  writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return file;
}
