import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditChainHeads, auditLogs } from '../db/schema';
import { canonicalJson, computeAuditHash, GENESIS_HASH } from './audit-hash';
import type { Clock } from './clock';

export { canonicalJson, computeAuditHash, GENESIS_HASH };

/** Chain of events that belong to no organisation (e.g. a sign-in attempt for an unknown e-mail). */
export const SYSTEM_CHAIN = 'system';

export type AuditEntry = {
  orgId: string | null;
  actorId: string | null;
  actionType: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown>;
};

/**
 * Appends one entry in the caller's transaction. The chain head row is locked FOR UPDATE, so
 * concurrent appends to one organisation queue up and still form a single unbroken chain. It takes
 * a transaction, not the database: outside one the lock would end at once and two appends could
 * claim the same place in the chain.
 */
export async function appendAudit(
  tx: Tx,
  clock: Clock,
  entry: AuditEntry,
): Promise<{ id: string; hash: string }> {
  const chain = entry.orgId ?? SYSTEM_CHAIN;
  await tx.insert(auditChainHeads).values({ chain, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, chain))
    .for('update');
  if (!head) throw new Error(`audit chain head missing for ${chain}`);

  const createdAt = clock.now();
  const details = JSON.parse(canonicalJson(entry.details)) as Record<string, unknown>;
  const hash = computeAuditHash({ ...entry, details, prevHash: head.hash, createdAt });
  const seq = head.seq + 1;
  const [row] = await tx
    .insert(auditLogs)
    .values({ ...entry, details, chain, seq, createdAt, prevHash: head.hash, hash })
    .returning({ id: auditLogs.id });
  await tx.update(auditChainHeads).set({ seq, hash }).where(eq(auditChainHeads.chain, chain));
  if (!row) throw new Error('audit insert returned nothing');
  return { id: row.id, hash };
}
