import { z } from 'zod';

// docs/product.md §2 Reports; docs/decisions/044-reports.md: reports generated in the background,
// stored with their PDF and CSV, listed newest first and downloaded.

/** docs/product.md §2 Reports: the three report types. */
export const REPORT_TYPES = ['management', 'compliance', 'productivity'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  management: 'Management',
  compliance: 'Compliance',
  productivity: 'Productivity',
};

/** queued → running → done | failed; a failed report can be retried (queued again). */
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The longest period a report covers: a year, a leap year included (docs/decisions/044-reports.md). */
export const REPORT_PERIOD_MAX_DAYS = 366;

/** Reports list: rows per page. */
export const REPORTS_PAGE_SIZE_DEFAULT = 20;
export const REPORTS_PAGE_SIZE_MAX = 100;

const DAY_MS = 86_400_000;

/** The number of days from `start` to `end`, both inclusive (YYYY-MM-DD, UTC). */
export function periodDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The period presets of the Generate Report dialog. */
export const REPORT_PERIOD_PRESETS = ['last_7_days', 'last_30_days', 'last_90_days', 'last_month'] as const;
export type ReportPeriodPreset = (typeof REPORT_PERIOD_PRESETS)[number];

export const REPORT_PERIOD_PRESET_LABELS: Record<ReportPeriodPreset, string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  last_month: 'Last month',
};

/**
 * A preset's period as of `today` (UTC): the last N days end today, inclusive; last month is the
 * previous calendar month, as the monthly schedule sends it. Shared by the dialog and the schedule.
 */
export function reportPeriodOf(preset: ReportPeriodPreset, today: Date): { start: string; end: string } {
  if (preset === 'last_month') {
    const firstOfThisMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    const lastOfPrevious = new Date(firstOfThisMonth - DAY_MS);
    const firstOfPrevious = new Date(
      Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1),
    );
    return { start: isoDay(firstOfPrevious), end: isoDay(lastOfPrevious) };
  }
  const days = { last_7_days: 7, last_30_days: 30, last_90_days: 90 }[preset];
  return { start: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), end: isoDay(today) };
}

/** The download's file name: `parley-compliance-report-2026-11-01-to-2026-11-30.pdf`. */
export function reportFileName(
  report: { type: ReportType; period_start: string; period_end: string },
  format: ReportFormat,
): string {
  return `parley-${report.type}-report-${report.period_start}-to-${report.period_end}.${format}`;
}

/** Where a report's file downloads from (GET; the session cookie authorises it). */
export const reportDownloadUrl = (id: string, format: ReportFormat) =>
  `/api/reports/${encodeURIComponent(id)}/download?format=${format}`;

const day = (field: string) => z.iso.date({ error: `Enter the ${field} as a date (YYYY-MM-DD)` });

export const createReportInputSchema = z
  .object({
    type: z.enum(REPORT_TYPES, { error: 'Choose Management, Compliance or Productivity' }),
    period_start: day('start'),
    period_end: day('end'),
    /** One fund of the organisation, or null (or absent) for all funds. */
    fund_id: z.uuid({ error: 'Choose a fund' }).nullable().optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.period_start > input.period_end) {
      ctx.addIssue({
        code: 'custom',
        path: ['period_end'],
        message: 'The end date is before the start date',
      });
    } else if (periodDays(input.period_start, input.period_end) > REPORT_PERIOD_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['period_end'],
        message: `A report covers at most ${REPORT_PERIOD_MAX_DAYS} days`,
      });
    }
  });
export type CreateReportInput = z.infer<typeof createReportInputSchema>;

export const reportIdParamSchema = z.object({ id: z.uuid({ error: 'Not a valid report id' }) });

export const listReportsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(REPORTS_PAGE_SIZE_MAX, { error: `Use at most ${REPORTS_PAGE_SIZE_MAX}` })
    .default(REPORTS_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(300, { error: 'Invalid cursor' }).optional(),
});
export type ListReportsQuery = z.input<typeof listReportsQuerySchema>;

export const downloadReportQuerySchema = z.object({
  format: z.enum(REPORT_FORMATS, { error: 'Use pdf or csv' }),
});

/** docs/product.md §3 report shape (type, period, created_by, created_at, size), and its progress. */
export const reportSchema = z.object({
  id: z.string(),
  type: z.enum(REPORT_TYPES),
  type_label: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  fund: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(REPORT_STATUSES),
  /** 0–100 while running; 100 once done. */
  progress: z.number().int(),
  /** Why it failed; null otherwise. */
  error: z.string().nullable(),
  /** The member who asked for it; null for one the monthly schedule made (shown as 'Schedule'). */
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Bytes of the PDF (the report's size) and of the CSV; null until done. */
  size: z.number().int().nullable(),
  csv_size: z.number().int().nullable(),
  pdf_sha256: z.string().nullable(),
  csv_sha256: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const listReportsResponseSchema = z.object({
  items: z.array(reportSchema),
  next_cursor: z.string().nullable(),
});
export type ListReportsResponse = z.infer<typeof listReportsResponseSchema>;

/** A report is still being made: the page polls (or hears realtime) until it is done or failed. */
export const isReportUnfinished = (report: Pick<Report, 'status'>) =>
  report.status === 'queued' || report.status === 'running';

/** Recipients of the monthly reports: a bounded list of the organisation's members. */
export const REPORT_SCHEDULE_RECIPIENTS_MAX = 50;

/** PUT /api/admin/report-schedule: the monthly reports, their types and recipients (all three). */
export const updateReportScheduleInputSchema = z
  .object({
    enabled: z.boolean({ error: 'Say whether the monthly reports are on' }),
    types: z
      .array(z.enum(REPORT_TYPES, { error: 'Choose Management, Compliance or Productivity' }))
      .max(REPORT_TYPES.length)
      .refine((types) => new Set(types).size === types.length, { error: 'Choose each type once' }),
    recipient_ids: z
      .array(z.uuid({ error: 'Choose members of your organisation' }))
      .max(REPORT_SCHEDULE_RECIPIENTS_MAX, {
        error: `Choose at most ${REPORT_SCHEDULE_RECIPIENTS_MAX} members`,
      })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Choose each member once' }),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (!input.enabled) return;
    if (input.types.length === 0)
      ctx.addIssue({ code: 'custom', path: ['types'], message: 'Choose at least one report' });
    if (input.recipient_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['recipient_ids'], message: 'Choose at least one member' });
  });
export type UpdateReportScheduleInput = z.infer<typeof updateReportScheduleInputSchema>;

const memberSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const reportScheduleSchema = z.object({
  enabled: z.boolean(),
  types: z.array(z.enum(REPORT_TYPES)),
  recipients: z.array(memberSchema),
  /** When the next reports go out (the 1st of next month, 00:00 UTC, or later on the job's run); null when off. */
  next_at: z.string().nullable(),
  /** The first day of the last month sent; null before the first. */
  last_period_start: z.string().nullable(),
  /** The active members an admin may choose from, by name. */
  members: z.array(memberSchema),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** The first instant of the month after `at` (UTC): when a month's reports become due. */
export function startOfNextMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
