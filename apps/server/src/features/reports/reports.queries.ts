import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles, projects, reports } from '../../db/schema';
import type { TimeCursor } from '../../lib/cursor';

/** The columns of a report the list and the detail show: never the files themselves. */
const reportColumns = {
  id: reports.id,
  orgId: reports.orgId,
  type: reports.type,
  periodStart: reports.periodStart,
  periodEnd: reports.periodEnd,
  projectId: reports.projectId,
  projectName: projects.name,
  status: reports.status,
  progress: reports.progress,
  error: reports.error,
  createdBy: reports.createdBy,
  createdByName: profiles.name,
  createdAt: reports.createdAt,
  finishedAt: reports.finishedAt,
  pdfSize: reports.pdfSize,
  csvSize: reports.csvSize,
  pdfSha256: reports.pdfSha256,
  csvSha256: reports.csvSha256,
};

export type ReportRow = {
  id: string;
  orgId: string;
  type: 'management' | 'compliance' | 'productivity';
  periodStart: string;
  periodEnd: string;
  projectId: string | null;
  projectName: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  pdfSize: number | null;
  csvSize: number | null;
  pdfSha256: string | null;
  csvSha256: string | null;
};

function selectReports(db: DbOrTx) {
  return db
    .select(reportColumns)
    .from(reports)
    .leftJoin(projects, eq(projects.id, reports.projectId))
    .leftJoin(profiles, eq(profiles.id, reports.createdBy));
}

export async function insertReport(
  tx: DbOrTx,
  values: Pick<typeof reports.$inferInsert, 'orgId' | 'type' | 'periodStart' | 'periodEnd' | 'projectId'> & {
    createdBy: string | null;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx.insert(reports).values(values).returning({ id: reports.id });
  if (!row) throw new Error('report insert returned nothing');
  return row.id;
}

export async function findReport(db: DbOrTx, orgId: string, id: string): Promise<ReportRow | null> {
  const [row] = await selectReports(db).where(and(eq(reports.orgId, orgId), eq(reports.id, id)));
  return row ?? null;
}

/** One page of the organisation's reports, newest first (reports_org_created_id_idx). */
export async function listReportsPage(
  db: DbOrTx,
  orgId: string,
  after: TimeCursor | null,
  limit: number,
): Promise<ReportRow[]> {
  return selectReports(db)
    .where(
      and(
        eq(reports.orgId, orgId),
        after
          ? or(
              lt(reports.createdAt, after.at),
              and(eq(reports.createdAt, after.at), lt(reports.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

/** A finished report's file; null when the report is not the organisation's or not done. */
export async function findReportFile(db: DbOrTx, orgId: string, id: string, format: 'pdf' | 'csv') {
  const [row] = await db
    .select({ bytes: format === 'pdf' ? reports.pdf : reports.csv })
    .from(reports)
    .where(and(eq(reports.orgId, orgId), eq(reports.id, id), eq(reports.status, 'done')));
  return row?.bytes ?? null;
}

export async function findProjectInOrg(db: DbOrTx, orgId: string, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return row ?? null;
}

/** The organisation's funds by name: the Management report's rows. */
export async function listProjectsOf(db: DbOrTx, orgId: string, projectId: string | null) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), projectId ? eq(projects.id, projectId) : undefined))
    .orderBy(asc(projects.name));
}

/**
 * Takes the oldest queued report for generation: `for update skip locked`, so two instances (or the
 * in-process kick and the job) never take the same row (reports_unfinished_idx).
 */
export async function claimQueuedReport(tx: DbOrTx, now: Date) {
  const result = (await tx.execute(sql`
    update ${reports} set status = 'running', progress = 0, error = null,
      started_at = ${now.toISOString()}::timestamptz, heartbeat_at = ${now.toISOString()}::timestamptz,
      attempts = attempts + 1
    where id = (
      select id from ${reports} where status = 'queued' order by created_at, id limit 1 for update skip locked
    )
    returning id, org_id, type, period_start::text as period_start, period_end::text as period_end, project_id`)) as {
    rows: {
      id: string;
      org_id: string;
      type: ReportRow['type'];
      period_start: string;
      period_end: string;
      project_id: string | null;
    }[];
  };
  return result.rows[0] ?? null;
}

/** A running report's progress; also its heartbeat, which the crash sweep reads. */
export async function setReportProgress(db: DbOrTx, id: string, progress: number, now: Date) {
  await db
    .update(reports)
    .set({ progress, heartbeatAt: now })
    .where(and(eq(reports.id, id), eq(reports.status, 'running')));
}

export async function storeReportFiles(
  tx: DbOrTx,
  id: string,
  files: { pdf: Buffer; csv: Buffer; pdfSha256: string; csvSha256: string },
  now: Date,
) {
  const rows = await tx
    .update(reports)
    .set({
      status: 'done',
      progress: 100,
      error: null,
      finishedAt: now,
      heartbeatAt: now,
      pdf: files.pdf,
      csv: files.csv,
      pdfSize: files.pdf.length,
      csvSize: files.csv.length,
      pdfSha256: files.pdfSha256,
      csvSha256: files.csvSha256,
    })
    .where(and(eq(reports.id, id), eq(reports.status, 'running')))
    .returning({ id: reports.id, orgId: reports.orgId });
  return rows[0] ?? null;
}

export async function markReportFailed(tx: DbOrTx, id: string, error: string, now: Date) {
  const rows = await tx
    .update(reports)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(reports.id, id), eq(reports.status, 'running')))
    .returning({ id: reports.id, orgId: reports.orgId });
  return rows[0] ?? null;
}

/** Running reports whose heartbeat stopped before `before`: their generation died with its process. */
export async function failStaleReports(tx: DbOrTx, before: Date, error: string, now: Date) {
  return tx
    .update(reports)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(reports.status, 'running'), lt(reports.heartbeatAt, before)))
    .returning({ id: reports.id, orgId: reports.orgId });
}

/** A failed report queued again (and nothing else: null for any other state). */
export async function requeueFailedReport(tx: DbOrTx, orgId: string, id: string) {
  const rows = await tx
    .update(reports)
    .set({ status: 'queued', progress: 0, error: null, finishedAt: null, startedAt: null, heartbeatAt: null })
    .where(and(eq(reports.orgId, orgId), eq(reports.id, id), eq(reports.status, 'failed')))
    .returning({ id: reports.id });
  return rows[0] ?? null;
}
