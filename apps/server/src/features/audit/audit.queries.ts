import type { AuditFilter } from '@parley/contracts';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditChainHeads,
  auditCheckpoints,
  auditLogs,
  auditVerifications,
  orgMemberships,
  profiles,
  projects,
  users,
} from '../../db/schema';
import { auditEntryColumns } from '../../lib/audit-entry-columns';
import type { AuditSearch } from './audit-search';

export async function listAuditChainPage(db: DbOrTx, chain: string, afterSeq: number, limit: number) {
  return db
    .select(auditEntryColumns)
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

/** The Audit Logs filters, resolved: the search text already turned into what it is compared with. */
export type AuditEntryFilter = Omit<AuditFilter, 'q'> & { search?: AuditSearch | undefined };

/**
 * The conditions of one organisation's entries under the filters. Only the organisation's own chain is
 * read: `chain` is the organisation id (decision 004). Each filter has its index (chain, action_type |
 * actor_id | project_id, seq); the search ORs arms that each use one (the GIN index on the search
 * words, the actor index, the action index, the entity index, the primary key).
 */
function entryConditions(orgId: string, filter: AuditEntryFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(auditLogs.chain, orgId)];
  if (filter.action && filter.action.length > 0)
    conditions.push(inArray(auditLogs.actionType, filter.action));
  if (filter.user) conditions.push(eq(auditLogs.actorId, filter.user));
  if (filter.project) conditions.push(eq(auditLogs.projectId, filter.project));
  if (filter.from) conditions.push(gte(auditLogs.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLogs.createdAt, filter.to));
  const search = filter.search;
  if (search) {
    const actors = sql`select ${orgMemberships.userId} from ${orgMemberships}
      join ${users} on ${users.id} = ${orgMemberships.userId}
      left join ${profiles} on ${profiles.id} = ${orgMemberships.userId}
      where ${orgMemberships.orgId} = ${orgId}
        and (${profiles.name} ilike ${search.actorPattern} or ${users.email} ilike ${search.actorPattern})`;
    conditions.push(
      or(
        search.words ? sql`${auditLogs.searchTsv} @@ to_tsquery('simple', ${search.words})` : undefined,
        sql`${auditLogs.actorId} in (${actors})`,
        search.actions.length > 0 ? inArray(auditLogs.actionType, search.actions) : undefined,
        search.id ? eq(auditLogs.entityId, search.id) : undefined,
        search.id ? eq(auditLogs.id, search.id) : undefined,
      ),
    );
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

const summaryColumns = {
  id: auditLogs.id,
  seq: auditLogs.seq,
  createdAt: auditLogs.createdAt,
  actorId: auditLogs.actorId,
  actorName: profiles.name,
  actorEmail: users.email,
  actionType: auditLogs.actionType,
  entityType: auditLogs.entityType,
  entityId: auditLogs.entityId,
  projectId: auditLogs.projectId,
  projectName: projects.name,
  details: auditLogs.details,
  hash: auditLogs.hash,
};

const entryColumns = { ...summaryColumns, chain: auditLogs.chain, prevHash: auditLogs.prevHash };

/** Entries with the names of their actor and fund: a fund of another organisation is never joined. */
function selectEntriesWithNames(db: DbOrTx, orgId: string) {
  return db
    .select(entryColumns)
    .from(auditLogs)
    .leftJoin(profiles, eq(profiles.id, auditLogs.actorId))
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .leftJoin(projects, and(eq(projects.id, auditLogs.projectId), eq(projects.orgId, orgId)));
}

export type AuditSummaryRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

/** A page of the organisation's entries, newest first (by seq), after the keyset cursor. */
export async function listAuditEntries(
  db: DbOrTx,
  input: { orgId: string; filter: AuditEntryFilter; beforeSeq?: number | undefined; limit: number },
) {
  const conditions = entryConditions(input.orgId, input.filter);
  if (input.beforeSeq !== undefined) conditions.push(lt(auditLogs.seq, input.beforeSeq));
  return selectEntriesWithNames(db, input.orgId)
    .where(and(...conditions))
    .orderBy(desc(auditLogs.seq))
    .limit(input.limit);
}

/** One entry of the organisation's chain with everything the detail view shows, or null. */
export async function findAuditEntry(db: DbOrTx, input: { orgId: string; id: string }) {
  const [row] = await selectEntriesWithNames(db, input.orgId).where(
    and(eq(auditLogs.chain, input.orgId), eq(auditLogs.id, input.id)),
  );
  return row ?? null;
}

/** The ids of the entries just before and after `seq` in the chain (the unique (chain, seq) index). */
export async function findChainNeighbours(db: DbOrTx, input: { chain: string; seq: number }) {
  const rows = await db
    .select({ id: auditLogs.id, seq: auditLogs.seq })
    .from(auditLogs)
    .where(and(eq(auditLogs.chain, input.chain), inArray(auditLogs.seq, [input.seq - 1, input.seq + 1])));
  return {
    previousId: rows.find((r) => r.seq === input.seq - 1)?.id ?? null,
    nextId: rows.find((r) => r.seq === input.seq + 1)?.id ?? null,
  };
}

/**
 * A batch of the export, oldest first: the entries under the filters after `afterSeq`, up to
 * `untilSeq` (the export's own entry, so entries appended while it streams are not half in).
 */
export async function listAuditExportBatch(
  db: DbOrTx,
  input: { orgId: string; filter: AuditEntryFilter; afterSeq: number; untilSeq: number; limit: number },
) {
  return db
    .select(auditEntryColumns)
    .from(auditLogs)
    .where(
      and(
        ...entryConditions(input.orgId, input.filter),
        gt(auditLogs.seq, input.afterSeq),
        lte(auditLogs.seq, input.untilSeq),
      ),
    )
    .orderBy(asc(auditLogs.seq))
    .limit(input.limit);
}

/** The organisation's members by name (deactivated ones too: their entries stay in the log). */
export async function listOrgMembersForAudit(db: DbOrTx, input: { orgId: string; limit: number }) {
  return db
    .select({ id: users.id, name: profiles.name, email: users.email })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .leftJoin(profiles, eq(profiles.id, orgMemberships.userId))
    .where(eq(orgMemberships.orgId, input.orgId))
    .orderBy(asc(profiles.name), asc(users.email))
    .limit(input.limit);
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
