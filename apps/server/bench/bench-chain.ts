import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { auditChainHeads, auditLogs } from '../src/db/schema';
import { computeAuditHash } from '../src/lib/audit';
import type { HashedFields } from '../src/lib/audit-hash';

/** Rows per INSERT: 11 parameters each, under PostgreSQL's 65,535. */
const INSERT_BATCH = 5_000;

type BenchEntry = Omit<HashedFields, 'prevHash'> & { details: Record<string, unknown> };

/**
 * Appends `count` generated entries to an organisation's chain after its head: hashes computed in JS,
 * rows written in multi-row INSERTs (the append path would take hours for a million), head moved last.
 * `entryAt(i)` makes the i-th new entry (1-based). Returns the new head.
 */
export async function appendBenchEntries(
  db: Db,
  input: { orgId: string; count: number; entryAt: (i: number) => BenchEntry },
) {
  const [head] = await db
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(sql`${auditChainHeads.chain} = ${input.orgId}`);
  if (!head) throw new Error('no chain head');
  let prevHash = head.hash;
  for (let from = 1; from <= input.count; from += INSERT_BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(from + INSERT_BATCH, input.count + 1); i++) {
      const entry = input.entryAt(i);
      const hash = computeAuditHash({ ...entry, prevHash });
      rows.push({ ...entry, chain: input.orgId, orgId: input.orgId, seq: head.seq + i, prevHash, hash });
      prevHash = hash;
    }
    await db.insert(auditLogs).values(rows);
  }
  const last = { seq: head.seq + input.count, hash: prevHash };
  await db.update(auditChainHeads).set(last).where(sql`${auditChainHeads.chain} = ${input.orgId}`);
  return last;
}
