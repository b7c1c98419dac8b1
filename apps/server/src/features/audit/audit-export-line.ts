/**
 * One audit entry as a line of the JSON Lines export (docs/audit-format.md): every field the hash is
 * computed from, so a verifier recomputes `hash` from the line alone with `computeAuditHash`
 * (docs/decisions/004-audit-chain-per-organisation.md).
 */
export type AuditEntryLine = {
  type: 'entry';
  chain: string;
  seq: number;
  id: string;
  /** ISO-8601 with milliseconds, UTC, as Date.toISOString(): the exact text the hash covers. */
  created_at: string;
  actor_id: string | null;
  action_type: string;
  entity_type: string;
  entity_id: string | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
};

/** The stored row an export line is made from. */
export type AuditExportRow = {
  chain: string;
  seq: number;
  id: string;
  createdAt: Date;
  actorId: string | null;
  actionType: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

/** The entry object of an export line, its keys in the order of the format. */
export function auditEntryLine(row: AuditExportRow): AuditEntryLine {
  return {
    type: 'entry',
    chain: row.chain,
    seq: row.seq,
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_id: row.actorId,
    action_type: row.actionType,
    entity_type: row.entityType,
    entity_id: row.entityId,
    details: row.details,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}
