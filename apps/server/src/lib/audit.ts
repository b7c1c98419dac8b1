import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditChainHeads, auditLogs } from '../db/schema';
import type { Clock } from './clock';

/** The previous hash of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);
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

type HashedFields = {
  prevHash: string;
  createdAt: Date;
  actorId: string | null;
  actionType: string;
  entityType: string;
  entityId: string | null;
  details: unknown;
};

/** JSON with object keys sorted at every depth: jsonb reorders keys, the hash must not care. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries);
  });
}

export function computeAuditHash(fields: HashedFields): string {
  const encoded = canonicalJson([
    fields.prevHash,
    fields.createdAt.toISOString(),
    fields.actorId,
    fields.actionType,
    fields.entityType,
    fields.entityId,
    fields.details,
  ]);
  return createHash('sha256').update(encoded).digest('hex');
}

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
