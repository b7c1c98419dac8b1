import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditChainHeads, auditCheckpoints, auditLogs, auditVerifications } from '../../db/schema';

export async function listAuditChainPage(db: DbOrTx, chain: string, afterSeq: number, limit: number) {
  return db
    .select({
      id: auditLogs.id,
      seq: auditLogs.seq,
      createdAt: auditLogs.createdAt,
      actorId: auditLogs.actorId,
      actionType: auditLogs.actionType,
      entityType: auditLogs.entityType,
      entityId: auditLogs.entityId,
      details: auditLogs.details,
      prevHash: auditLogs.prevHash,
      hash: auditLogs.hash,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.chain, chain), gt(auditLogs.seq, afterSeq)))
    .orderBy(asc(auditLogs.seq))
    .limit(limit);
}

export async function findAuditChainHead(db: DbOrTx, chain: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, chain));
  const [head] = options.lock ? await query.for('update') : await query;
  return head ?? null;
}

/** The entries at some positions of a chain (by the unique (chain, seq) index). */
export async function findEntriesAt(db: DbOrTx, chain: string, seqs: number[]) {
  if (seqs.length === 0) return [];
  return db
    .select({ id: auditLogs.id, seq: auditLogs.seq, hash: auditLogs.hash })
    .from(auditLogs)
    .where(and(eq(auditLogs.chain, chain), inArray(auditLogs.seq, seqs)));
}

const checkpointColumns = {
  id: auditCheckpoints.id,
  chain: auditCheckpoints.chain,
  seq: auditCheckpoints.seq,
  head_hash: auditCheckpoints.headHash,
  signed_at: auditCheckpoints.signedAt,
  key_id: auditCheckpoints.keyId,
  signature: auditCheckpoints.signature,
};

export type CheckpointRow = typeof auditCheckpoints.$inferInsert;

export async function insertCheckpoint(db: DbOrTx, row: Omit<CheckpointRow, 'id'>) {
  await db.insert(auditCheckpoints).values(row);
}

/** The chain's checkpoints in the order they were signed, a page after `afterId`. */
export async function listCheckpointsPage(db: DbOrTx, chain: string, afterId: number, limit: number) {
  return db
    .select(checkpointColumns)
    .from(auditCheckpoints)
    .where(and(eq(auditCheckpoints.chain, chain), gt(auditCheckpoints.id, afterId)))
    .orderBy(asc(auditCheckpoints.id))
    .limit(limit);
}

export async function findLatestCheckpoint(db: DbOrTx, chain: string) {
  const [row] = await db
    .select(checkpointColumns)
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.chain, chain))
    .orderBy(desc(auditCheckpoints.id))
    .limit(1);
  return row ?? null;
}

/** Chains whose head is not where their last checkpoint is (or that have none yet), a bounded batch. */
export async function findChainsDueCheckpoint(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ chain: auditChainHeads.chain })
    .from(auditChainHeads)
    .where(
      and(
        gt(auditChainHeads.seq, 0),
        sql`${auditChainHeads.seq} is distinct from (
          select c.seq from ${auditCheckpoints} c where c.chain = ${auditChainHeads.chain}
          order by c.id desc limit 1)`,
      ),
    )
    .orderBy(asc(auditChainHeads.chain))
    .limit(limit);
  return rows.map((row) => row.chain);
}

export type VerificationRow = typeof auditVerifications.$inferInsert;

export async function upsertVerification(db: DbOrTx, row: VerificationRow) {
  const { chain: _chain, ...rest } = row;
  await db
    .insert(auditVerifications)
    .values(row)
    .onConflictDoUpdate({ target: auditVerifications.chain, set: rest });
}

export async function findVerification(db: DbOrTx, chain: string) {
  const [row] = await db.select().from(auditVerifications).where(eq(auditVerifications.chain, chain));
  return row ?? null;
}
