import {
  AUDIT_MEMBERS_MAX,
  type AuditEntryDetail,
  type AuditEntrySummary,
  type AuditExportFormat,
  type AuditFilter,
  type AuditMembersResponse,
  describeAuditAction,
  type ListAuditEntriesResponse,
  type listAuditEntriesQuerySchema,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appendAudit, computeAuditHash } from '../../lib/audit';
import { encodeCursor, invalidCursor, parseCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import {
  type AuditEntryFilter,
  type AuditSummaryRow,
  findAuditChainHead,
  findAuditEntry,
  findChainNeighbours,
  findMemberIdsMatching,
  findSeqRangeOfDates,
  listAuditEntries,
  listAuditExportBatch,
  listOrgMembersForAudit,
} from './audit.queries';
import { auditChangesOf } from './audit-changes';
import { type ExportedHead, exportCheckpointLine } from './audit-export-checkpoint';
import { AUDIT_CSV_HEADER, auditCsvRow } from './audit-export-csv';
import { auditEntryLine } from './audit-export-line';
import { auditSearchOf } from './audit-search';
import { summarizeAuditDetails } from './audit-summary';

/** Who did it, as the screen names them: 'System' for what Parley did on its own. */
function actorOf(
  row: Pick<AuditSummaryRow, 'actorId' | 'actorName' | 'actorEmail'>,
): AuditEntrySummary['actor'] {
  if (!row.actorId) return { id: null, name: 'System', email: null };
  return {
    id: row.actorId,
    name: row.actorName ?? row.actorEmail ?? 'Unknown member',
    email: row.actorEmail,
  };
}

function summaryOf(row: AuditSummaryRow): AuditEntrySummary {
  const action = describeAuditAction(row.actionType);
  return {
    id: row.id,
    seq: row.seq,
    created_at: row.createdAt.getTime(),
    actor: actorOf(row),
    action_type: row.actionType,
    action_label: action.label,
    action_kind: action.kind,
    entity_type: row.entityType,
    entity_id: row.entityId,
    project: row.projectId && row.projectName ? { id: row.projectId, name: row.projectName } : null,
    summary: summarizeAuditDetails(row.details),
    hash: row.hash,
  };
}

/**
 * The filters as the queries use them: the search's members looked up by name, a date range turned into
 * the part of the chain it covers when that is cheap to learn (an empty part when no entry is in it).
 */
async function resolveEntryFilter(db: DbOrTx, orgId: string, filter: AuditFilter): Promise<AuditEntryFilter> {
  const { q, ...rest } = filter;
  let search: AuditEntryFilter['search'];
  if (q) {
    const parsed = auditSearchOf(q);
    search = {
      ...parsed,
      actorIds: await findMemberIdsMatching(db, { orgId, pattern: parsed.actorPattern }),
    };
  }
  const range =
    filter.from || filter.to
      ? await findSeqRangeOfDates(db, { orgId, from: filter.from, to: filter.to })
      : null;
  return { ...rest, search, seqRange: range === 'none' ? NO_ENTRIES : (range ?? undefined) };
}

/** A chain range no entry is in. */
const NO_ENTRIES = { first: 1, last: 0 };

/** A list cursor: the seq of the page's last (oldest) entry. */
function parseSeqCursor(value: string): number {
  const [seq = ''] = parseCursor(value, 1);
  if (!/^\d{1,15}$/.test(seq)) throw invalidCursor();
  return Number(seq);
}

/**
 * The Audit Logs list (docs/product.md §2 Audit logs): the caller's organisation's entries, newest
 * first, filtered and searched on the server, a page at a time by keyset on seq.
 */
export async function listAuditLog(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  query: z.output<typeof listAuditEntriesQuerySchema>,
): Promise<ListAuditEntriesResponse> {
  const { limit, cursor, ...filter } = query;
  const rows = await listAuditEntries(ctx.db, {
    orgId: actor.orgId,
    filter: await resolveEntryFilter(ctx.db, actor.orgId, filter),
    beforeSeq: cursor ? parseSeqCursor(cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(summaryOf),
    next_cursor: rows.length > limit && last ? encodeCursor([String(last.seq)]) : null,
  };
}

/** One entry with its details, recorded changes and place in the chain; 404 outside the organisation. */
export async function getAuditEntry(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { id: string },
): Promise<AuditEntryDetail> {
  const row = await findAuditEntry(ctx.db, { orgId: actor.orgId, id: input.id });
  if (!row) throw new AppError('NOT_FOUND');
  const neighbours = await findChainNeighbours(ctx.db, { chain: row.chain, seq: row.seq });
  const recomputed = computeAuditHash({ ...row, prevHash: row.prevHash });
  return {
    ...summaryOf(row),
    details: row.details,
    changes: auditChangesOf(row.details),
    chain: {
      seq: row.seq,
      prev_hash: row.prevHash,
      hash: row.hash,
      hash_matches: recomputed === row.hash,
      previous_id: neighbours.previousId,
      next_id: neighbours.nextId,
    },
  };
}

/** Rows read per query while exporting: the export never holds more than one batch. */
export const EXPORT_BATCH_SIZE = 1000;

export type AuditExport = { format: AuditExportFormat; filter: AuditFilter; head: ExportedHead };

/** The filters as the export's entry and a filtered export's first line state them. */
function recordedFilters(filter: AuditFilter) {
  return {
    q: filter.q ?? null,
    action: filter.action ?? [],
    user: filter.user ?? null,
    project: filter.project ?? null,
    from: filter.from?.toISOString() ?? null,
    to: filter.to?.toISOString() ?? null,
  };
}

const isFiltered = (filter: AuditFilter) =>
  Object.values(recordedFilters(filter)).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null));

/**
 * Records the export (who, which format, which filters) in its own transaction before a byte is
 * sent: an export is an access examiners ask about, and the entry marks the end of what it holds.
 */
export async function startAuditExport(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: { format: AuditExportFormat; filter: AuditFilter },
): Promise<AuditExport> {
  const { filter } = input;
  const head = await ctx.db.transaction(async (tx) => {
    const { hash } = await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'audit_exported',
      entityType: 'audit_log',
      entityId: null,
      details: {
        format: input.format,
        filters: recordedFilters(filter),
      },
    });
    const chainHead = await findAuditChainHead(tx, actor.orgId);
    if (!chainHead) throw new Error('audit chain head missing after append');
    return { chain: actor.orgId, seq: chainHead.seq, hash };
  });
  return { format: input.format, filter, head };
}

/**
 * The export's text, oldest first, one batch of rows per chunk (keyset on seq, so memory stays
 * constant for any number of entries), up to the export's own entry. JSON Lines: one entry object per
 * line, then the checkpoint line when there is one; CSV: a header and a row per entry. Stops between
 * batches once `signal` aborts (the client went away).
 */
export async function* streamAuditExport(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'auditSigner' | 'logger'>,
  actor: Pick<Actor, 'orgId'>,
  exported: AuditExport,
  options: { signal?: AbortSignal; batchSize?: number } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const filter = await resolveEntryFilter(ctx.db, actor.orgId, exported.filter);
  const isCsv = exported.format === 'csv';
  if (isCsv) yield AUDIT_CSV_HEADER;
  // docs/audit-format.md: a filtered export says so first, so a verifier checks its entries one by
  // one rather than as the whole chain.
  else if (isFiltered(exported.filter))
    yield `${JSON.stringify({ type: 'export', filtered: true, filters: recordedFilters(exported.filter) })}\n`;
  let afterSeq = 0;
  for (;;) {
    if (options.signal?.aborted) return;
    const rows = await listAuditExportBatch(ctx.db, {
      orgId: actor.orgId,
      filter,
      afterSeq,
      untilSeq: exported.head.seq,
      limit: batchSize,
    });
    if (rows.length > 0) {
      const lines = rows.map(auditEntryLine);
      yield lines.map((line) => (isCsv ? auditCsvRow(line) : `${JSON.stringify(line)}\n`)).join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    afterSeq = last.seq;
  }
  if (isCsv || options.signal?.aborted) return;
  const checkpoint = await exportCheckpointLine(ctx, exported.head);
  if (checkpoint) yield `${JSON.stringify(checkpoint)}\n`;
}

/** The members the user filter offers. */
export async function listAuditMembers(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<AuditMembersResponse> {
  const rows = await listOrgMembersForAudit(ctx.db, { orgId: actor.orgId, limit: AUDIT_MEMBERS_MAX });
  return { items: rows.map((r) => ({ id: r.id, name: r.name ?? r.email, email: r.email })) };
}
