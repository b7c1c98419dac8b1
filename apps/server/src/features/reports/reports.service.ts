import { createHash } from 'node:crypto';
import {
  type CreateReportInput,
  type ListReportsResponse,
  type listReportsQuerySchema,
  REPORT_TYPE_LABELS,
  type Report,
  type ReportFormat,
  reportFileName,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { verifyAuditChain } from '../audit/audit.service';
import { buildComplianceReport } from './compliance-report';
import { buildManagementReport } from './management-report';
import { buildProductivityReport } from './productivity-report';
import { type ReportContent, type ReportHeader, reportTitle } from './report-content';
import type { ReportScope } from './report-data.queries';
import { renderReportPdf } from './report-pdf';
import {
  claimQueuedReport,
  failStaleReports,
  findProjectInOrg,
  findReport,
  findReportFile,
  insertReport,
  listReportsPage,
  markReportFailed,
  type ReportRow,
  requeueFailedReport,
  setReportProgress,
  storeReportFiles,
} from './reports.queries';

/**
 * A running report whose progress has not moved for this long died with its process (a crash, a
 * deploy): the reports job marks it failed so it can be retried (docs/decisions/044-reports.md).
 */
export const REPORT_STALE_AFTER_MS = 10 * 60_000;

export const REPORT_STALE_ERROR =
  'Generation stopped before it finished (the server restarted or lost its connection). Retry to generate it again.';

export const REPORT_FAILED_ERROR =
  'The report could not be generated. Retry it; if it fails again, tell your admin.';

/** Who a scheduled report is from in the list and in the PDF. */
export const SCHEDULE_CREATOR_NAME = 'Monthly schedule';

type ReportsContext = Pick<ServiceContext, 'db' | 'clock' | 'logger'>;

/** The organisation's Reports list reloads (docs/architecture.md Realtime): ids only, on commit. */
function announceReport(tx: Tx, report: { id: string; orgId: string }) {
  return notifyOrg(tx, { type: 'report.updated', orgId: report.orgId, reportId: report.id });
}
type GenerationContext = Pick<ServiceContext, 'db' | 'clock' | 'logger' | 'auditSigner'>;

export function toReportDto(row: ReportRow): Report {
  return {
    id: row.id,
    type: row.type,
    type_label: REPORT_TYPE_LABELS[row.type],
    period_start: row.periodStart,
    period_end: row.periodEnd,
    fund: row.projectId ? { id: row.projectId, name: row.projectName ?? '' } : null,
    status: row.status,
    progress: row.progress,
    error: row.error,
    created_by: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    size: row.pdfSize,
    csv_size: row.csvSize,
    pdf_sha256: row.pdfSha256,
    csv_sha256: row.csvSha256,
  };
}

export async function listReports(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Actor,
  query: z.output<typeof listReportsQuerySchema>,
): Promise<ListReportsResponse> {
  const after = query.cursor ? parseTimeCursor(query.cursor) : null;
  const rows = await listReportsPage(ctx.db, actor.orgId, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toReportDto),
    next_cursor:
      rows.length > query.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

export async function getReport(ctx: Pick<ServiceContext, 'db'>, actor: Actor, id: string): Promise<Report> {
  const row = await findReport(ctx.db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toReportDto(row);
}

/**
 * Queues a report with its audit entry in the caller's transaction: Generate Report, or the monthly
 * schedule (no actor). The reports job or a kick generates it after the commit.
 */
export async function queueReport(
  tx: Tx,
  ctx: Pick<ServiceContext, 'clock'>,
  input: CreateReportInput & { orgId: string; actorId: string | null },
): Promise<string> {
  const fundId = input.fund_id ?? null;
  if (fundId && !(await findProjectInOrg(tx, input.orgId, fundId))) {
    throw new AppError('NOT_FOUND', {
      message: 'No such fund.',
      fields: { fund_id: 'Choose one of your funds' },
    });
  }
  const id = await insertReport(tx, {
    orgId: input.orgId,
    type: input.type,
    periodStart: input.period_start,
    periodEnd: input.period_end,
    projectId: fundId,
    createdBy: input.actorId,
    createdAt: ctx.clock.now(),
  });
  await appendAudit(tx, ctx.clock, {
    orgId: input.orgId,
    actorId: input.actorId,
    actionType: 'report_requested',
    entityType: 'report',
    entityId: id,
    details: {
      type: input.type,
      period_start: input.period_start,
      period_end: input.period_end,
      ...(fundId ? { project_id: fundId } : {}),
      ...(input.actorId ? {} : { scheduled: true }),
    },
  });
  await announceReport(tx, { id, orgId: input.orgId });
  return id;
}

/** Generate Report: queued in one transaction with its audit entry; the answer is read inside it. */
export async function requestReport(
  ctx: ReportsContext,
  actor: Actor,
  input: CreateReportInput,
): Promise<Report> {
  return ctx.db.transaction(async (tx) => {
    const id = await queueReport(tx, ctx, { ...input, orgId: actor.orgId, actorId: actor.userId });
    const row = await findReport(tx, actor.orgId, id);
    if (!row) throw new Error('report vanished inside its transaction');
    return toReportDto(row);
  });
}

/** Retry: a failed report is queued again, audited in the same transaction. */
export async function retryReport(ctx: ReportsContext, actor: Actor, id: string): Promise<Report> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findReport(tx, actor.orgId, id);
    if (!existing) throw new AppError('NOT_FOUND');
    if (!(await requeueFailedReport(tx, actor.orgId, id))) throw new AppError('REPORT_NOT_FAILED');
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'report_retried',
      entityType: 'report',
      entityId: id,
      details: {
        type: existing.type,
        error: existing.error,
        ...(existing.projectId ? { project_id: existing.projectId } : {}),
      },
    });
    await announceReport(tx, { id, orgId: actor.orgId });
    const row = await findReport(tx, actor.orgId, id);
    if (!row) throw new Error('report vanished inside its transaction');
    return toReportDto(row);
  });
}

/** Download: the file and its name, read in the transaction that records the download. */
export async function downloadReport(
  ctx: ReportsContext,
  actor: Actor,
  input: { id: string; format: ReportFormat },
): Promise<{ bytes: Buffer; fileName: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await findReport(tx, actor.orgId, input.id);
    if (!row) throw new AppError('NOT_FOUND');
    const bytes =
      row.status === 'done' ? await findReportFile(tx, actor.orgId, input.id, input.format) : null;
    if (!bytes) throw new AppError('REPORT_NOT_READY');
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'report_downloaded',
      entityType: 'report',
      entityId: row.id,
      details: {
        type: row.type,
        format: input.format,
        sha256: input.format === 'pdf' ? row.pdfSha256 : row.csvSha256,
        ...(row.projectId ? { project_id: row.projectId } : {}),
      },
    });
    const dto = toReportDto(row);
    return { bytes, fileName: reportFileName(dto, input.format) };
  });
}

const DAY_MS = 86_400_000;

/** The period as [from, to) in UTC: its first day's midnight to the midnight after its last day. */
function scopeOf(claimed: {
  org_id: string;
  period_start: string;
  period_end: string;
  project_id: string | null;
}): ReportScope {
  return {
    orgId: claimed.org_id,
    from: new Date(`${claimed.period_start}T00:00:00Z`),
    to: new Date(Date.parse(`${claimed.period_end}T00:00:00Z`) + DAY_MS),
    projectId: claimed.project_id,
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Generates one claimed report: its figures (progress written as it goes, which is also its heartbeat),
 * the PDF, then the files stored in one statement. A failure is recorded on the row with a reason the
 * user reads; the detail goes to the log.
 */
async function generateClaimedReport(
  ctx: GenerationContext,
  claimed: NonNullable<Awaited<ReturnType<typeof claimQueuedReport>>>,
): Promise<'done' | 'failed'> {
  const report = { id: claimed.id, orgId: claimed.org_id };
  try {
    const row = await findReport(ctx.db, report.orgId, report.id);
    if (!row) throw new Error('claimed report not found');
    const header: ReportHeader = {
      type: row.type,
      title: reportTitle(row.type),
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      fundName: row.projectName,
      createdByName: row.createdBy ? (row.createdByName ?? '') : SCHEDULE_CREATOR_NAME,
      // The figures are the database's as this run reads them: the PDF says when that was.
      generatedAt: ctx.clock.now(),
    };
    const scope = scopeOf(claimed);
    let lastProgress = 0;
    const onProgress = async (share: number) => {
      const progress = Math.min(90, Math.max(lastProgress, Math.round(5 + share * 85)));
      if (progress === lastProgress) return;
      lastProgress = progress;
      await ctx.db.transaction(async (tx) => {
        await setReportProgress(tx, claimed.id, progress, ctx.clock.now());
        await announceReport(tx, report);
      });
    };
    await onProgress(0);
    const content: ReportContent =
      row.type === 'compliance'
        ? await buildComplianceReport(ctx.db, header, scope, {
            verifyChain: () => verifyAuditChain(ctx, claimed.org_id),
            onProgress,
          })
        : row.type === 'management'
          ? await buildManagementReport(ctx.db, header, scope, onProgress)
          : await buildProductivityReport(ctx.db, header, scope, onProgress);
    const pdf = await renderReportPdf(content.document, header.generatedAt);
    const csv = Buffer.from(content.csv, 'utf8');
    // Stored only while still running: a row the crash sweep failed meanwhile stays failed.
    const stored = await ctx.db.transaction(async (tx) => {
      const done = await storeReportFiles(
        tx,
        claimed.id,
        { pdf, csv, pdfSha256: sha256(pdf), csvSha256: sha256(csv) },
        ctx.clock.now(),
      );
      if (done) await announceReport(tx, report);
      return done;
    });
    return stored ? 'done' : 'failed';
  } catch (error) {
    ctx.logger.error('report generation failed', {
      reportId: claimed.id,
      error: error instanceof Error ? error.message : String(error),
    });
    await ctx.db.transaction(async (tx) => {
      if (await markReportFailed(tx, claimed.id, REPORT_FAILED_ERROR, ctx.clock.now()))
        await announceReport(tx, report);
    });
    return 'failed';
  }
}

/**
 * Generates queued reports one at a time, oldest first, until none is left or `limit` were made. Each
 * is claimed with `for update skip locked`, so any number of instances (and the route's kick) can run
 * this at once without two making the same report.
 */
export async function generateQueuedReports(
  ctx: GenerationContext,
  options: { limit: number; signal?: AbortSignal },
): Promise<{ done: number; failed: number }> {
  const counts = { done: 0, failed: 0 };
  for (let i = 0; i < options.limit && !options.signal?.aborted; i++) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const row = await claimQueuedReport(tx, ctx.clock.now());
      if (row) await announceReport(tx, { id: row.id, orgId: row.org_id });
      return row;
    });
    if (!claimed) break;
    counts[await generateClaimedReport(ctx, claimed)] += 1;
  }
  return counts;
}

/** The crash rule: running reports whose heartbeat stopped are failed with a reason, to be retried. */
export async function failAbandonedReports(ctx: Pick<ServiceContext, 'clock'>, tx: Tx) {
  const now = ctx.clock.now();
  const failed = await failStaleReports(
    tx,
    new Date(now.getTime() - REPORT_STALE_AFTER_MS),
    REPORT_STALE_ERROR,
    now,
  );
  for (const report of failed) await announceReport(tx, report);
  return failed;
}

/** Reports generated per kick: the job takes whatever is left. */
const KICK_LIMIT = 5;
const kicks = new WeakMap<object, { again: boolean; settled: Promise<void> }>();

/**
 * Starts generating right after a request commits, in this process, so the user does not wait for the
 * job's interval. One kick runs per database at a time; a kick during a run makes it look again. A
 * failure here is only a warning: the reports job takes the queue on its next run.
 */
export function kickReportGeneration(ctx: GenerationContext): void {
  const running = kicks.get(ctx.db);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: true, settled: Promise.resolve() };
  kicks.set(ctx.db, state);
  state.settled = (async () => {
    try {
      while (state.again) {
        state.again = false;
        await generateQueuedReports(ctx, { limit: KICK_LIMIT });
      }
    } catch (error) {
      ctx.logger.warn('report generation kick failed; the reports job will take the queue', {
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      kicks.delete(ctx.db);
    }
  })();
}

/** Resolves once this process's kick on `db` (if any) ended: shutdown waits for it before closing. */
export async function settleReportGeneration(db: object): Promise<void> {
  await kicks.get(db)?.settled;
}
