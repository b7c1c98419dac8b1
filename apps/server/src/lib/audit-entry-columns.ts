import { auditLogs } from '../db/schema';

/**
 * Every stored field an audit entry's hash and its export line are made from (docs/audit-format.md):
 * selected by the chain walk, the audit export and the evidence packs, so a verifier can recompute
 * `hash` from what they read.
 */
export const auditEntryColumns = {
  chain: auditLogs.chain,
  seq: auditLogs.seq,
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  actorId: auditLogs.actorId,
  actionType: auditLogs.actionType,
  entityType: auditLogs.entityType,
  entityId: auditLogs.entityId,
  details: auditLogs.details,
  prevHash: auditLogs.prevHash,
  hash: auditLogs.hash,
};
