import type { AuditFilter } from '@parley/contracts';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * The Audit Logs filters, resolved: the search text already turned into what it is compared with, and
 * a date range into the positions of the chain it spans (`seqRange`, from `findSeqRangeOfDates`).
 */
export type AuditEntryFilter = Omit<AuditFilter, 'q'> & {
  /** With the ids of the members the text names (`findMemberIdsMatching`). */
  search?: (AuditSearch & { actorIds: string[] }) | undefined;
  seqRange?: { first: number; last: number } | undefined;
};

/**
 * The conditions of one organisation's entries under the filters. Only the organisation's own chain is
 * read: `chain` is the organisation id (decision 004). Each filter has its index (chain, action_type |
 * actor_id | project_id, seq); the search ORs arms that each use one (the GIN index on the search
 * words, the actor index, the action index, the entity index, the primary key), so PostgreSQL can
 * gather its matches by bitmap instead of walking the chain.
 */
function entryConditions(orgId: string, filter: AuditEntryFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(auditLogs.chain, orgId)];
  if (filter.action && filter.action.length > 0)
    conditions.push(inArray(auditLogs.actionType, filter.action));
  if (filter.user) conditions.push(eq(auditLogs.actorId, filter.user));
  if (filter.project) conditions.push(eq(auditLogs.projectId, filter.project));
  if (filter.from) conditions.push(gte(auditLogs.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLogs.createdAt, filter.to));
  if (filter.seqRange) {
    conditions.push(gte(auditLogs.seq, filter.seqRange.first), lte(auditLogs.seq, filter.seqRange.last));
  }
  const search = filter.search;
  if (search) {
    conditions.push(
      or(
        search.terms.length > 0 ? sql`${auditLogs.searchTsv} @@ (${wordsQuery(search.terms)})` : undefined,
        search.actorIds.length > 0 ? inArray(auditLogs.actorId, search.actorIds) : undefined,
        search.actions.length > 0 ? inArray(auditLogs.actionType, search.actions) : undefined,
        search.id ? eq(auditLogs.entityId, search.id) : undefined,
        search.id ? eq(auditLogs.id, search.id) : undefined,
      ) ?? sql`false`,
    );
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * Every term required, each as typed or as the 'simple' parser splits it: 'rare-report' is the start
 * of the file name token 'rare-report.pdf' as typed, while 'report.' finds 'report' once parsed.
 */
function wordsQuery(terms: string[]): SQL {
  return sql.join(
    terms.map((t) => sql`(${t}::tsquery || to_tsquery('simple', ${t}))`),
    sql` && `,
  );
}

/** The members of the organisation whose name or e-mail contains the search text (an ILIKE pattern). */
export async function findMemberIdsMatching(db: DbOrTx, input: { orgId: string; pattern: string }) {
  const rows = await db
    .select({ id: orgMemberships.userId })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .leftJoin(profiles, eq(profiles.id, orgMemberships.userId))
    .where(
      and(
        eq(orgMemberships.orgId, input.orgId),
        or(ilike(profiles.name, input.pattern), ilike(users.email, input.pattern)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Entries of a date range counted for its bounds; a wider range is read without them. */
const DATE_RANGE_BUDGET = 50_000;

/**
 * The first and last positions of the chain whose entries fall in the date range: `{ first, last }`,
 * `'none'` when no entry does, or null when the range holds more than `DATE_RANGE_BUDGET` entries.
 * Entries are timed after their chain's head is locked, so time mostly follows seq, but PostgreSQL
 * does not know it: left alone, it walks the chain back from its head to a range a year old. The bounds
 * are exact whatever the clock did, read from the (chain, created_at, seq) index alone (`seq + 0`
 * keeps PostgreSQL from turning min and max into that same walk).
 */
export async function findSeqRangeOfDates(
  db: DbOrTx,
  input: { orgId: string; from?: Date | undefined; to?: Date | undefined; budget?: number },
): Promise<{ first: number; last: number } | 'none' | null> {
  const budget = input.budget ?? DATE_RANGE_BUDGET;
  const inRange = db
    .select({ seq: sql<number>`${auditLogs.seq} + 0`.as('seq') })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.chain, input.orgId),
        input.from ? gte(auditLogs.createdAt, input.from) : undefined,
        input.to ? lte(auditLogs.createdAt, input.to) : undefined,
      ),
    )
    .limit(budget + 1)
    .as('in_range');
  const [row] = await db
    .select({
      first: sql`min(${inRange.seq})`.mapWith(Number),
      last: sql`max(${inRange.seq})`.mapWith(Number),
      count: sql`count(*)`.mapWith(Number),
    })
    .from(inRange);
  if (!row || row.count === 0) return 'none';
  return row.count > budget ? null : { first: row.first, last: row.last };
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

/**
 * How many of the newest entries (below the cursor) a search reads in chain order before it gathers
 * the rest of its matches by index: a search that matches often fills its page in this window.
 */
const SEARCH_WINDOW = 5_000;

/**
 * A page of the organisation's entries, newest first (by seq), after the keyset cursor.
 *
 * A search is read in two steps. PostgreSQL cannot tell how often a word prefix matches, and when it
 * guesses 'often' for a rare word it walks the whole chain backwards for a page it never fills. So the
 * newest `SEARCH_WINDOW` entries are read in chain order first; if they do not fill the page, the
 * matches are rare, and the rest is gathered through the search's indexes and sorted (`seq + 0`: an
 * order no index gives, so the chain walk is not an option). docs/benchmarks.md, Audit Logs list.
 */
export async function listAuditEntries(
  db: DbOrTx,
  input: {
    orgId: string;
    filter: AuditEntryFilter;
    beforeSeq?: number | undefined;
    limit: number;
    searchWindow?: number;
  },
) {
  const conditions = entryConditions(input.orgId, input.filter);
  if (input.beforeSeq !== undefined) conditions.push(lt(auditLogs.seq, input.beforeSeq));
  const page = (where: SQL[], order: SQL, limit: number) =>
    selectEntriesWithNames(db, input.orgId)
      .where(and(...where))
      .orderBy(order)
      .limit(limit);
  if (!input.filter.search) return page(conditions, desc(auditLogs.seq), input.limit);

  const head = await findAuditChainHead(db, input.orgId);
  const top = Math.min(
    input.beforeSeq ?? Number.POSITIVE_INFINITY,
    (input.filter.seqRange?.last ?? Number.POSITIVE_INFINITY) + 1,
    (head?.seq ?? 0) + 1,
  );
  const windowStart = top - (input.searchWindow ?? SEARCH_WINDOW);
  const recent = await page(
    [...conditions, gte(auditLogs.seq, windowStart)],
    desc(auditLogs.seq),
    input.limit,
  );
  if (recent.length === input.limit || windowStart <= 1) return recent;
  const older = await page(
    [...conditions, lt(auditLogs.seq, windowStart)],
    sql`${auditLogs.seq} + 0 desc`,
    input.limit - recent.length,
  );
  return [...recent, ...older];
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
