import type { AuditVerifyResponse } from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import { computeAuditHash, GENESIS_HASH } from '../../lib/audit';
import { findAuditChainHead, listAuditChainPage } from './audit.queries';

/** Rows read per query while re-walking: the chain is never loaded whole. */
const VERIFY_BATCH = 1000;

/**
 * Re-walks an organisation's chain from its first entry: each row must follow its predecessor
 * (contiguous seq, prev_hash = predecessor's hash) and hash to what it stores; the last row must
 * match the chain head, so a removed tail is caught too.
 */
export async function verifyAuditChain(db: DbOrTx, orgId: string): Promise<AuditVerifyResponse> {
  let expectedPrev = GENESIS_HASH;
  let lastSeq = 0;
  let lastId: string | undefined;
  for (;;) {
    const rows = await listAuditChainPage(db, orgId, lastSeq, VERIFY_BATCH);
    for (const row of rows) {
      const recomputed = computeAuditHash({ ...row, details: row.details });
      if (row.seq !== lastSeq + 1 || row.prevHash !== expectedPrev || row.hash !== recomputed) {
        return { valid: false, entries: lastSeq, first_broken_id: row.id };
      }
      expectedPrev = row.hash;
      lastSeq = row.seq;
      lastId = row.id;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  const head = await findAuditChainHead(db, orgId);
  const headMatches = head ? head.seq === lastSeq && head.hash === expectedPrev : lastSeq === 0;
  if (!headMatches) return { valid: false, entries: lastSeq, ...(lastId ? { first_broken_id: lastId } : {}) };
  return { valid: true, entries: lastSeq };
}
