import { createHash } from 'node:crypto';

/**
 * The audit hash (docs/decisions/004-audit-chain-per-organisation.md, docs/audit-format.md): pure, no
 * database and no configuration, so the offline verifier computes exactly what appendAudit stored.
 */

/** The previous hash of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);
export type HashedFields = {
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
