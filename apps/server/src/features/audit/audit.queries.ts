import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditChainHeads, auditLogs } from '../../db/schema';

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

export async function findAuditChainHead(db: DbOrTx, chain: string) {
  const [head] = await db
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, chain));
  return head ?? null;
}
