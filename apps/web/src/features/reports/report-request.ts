import {
  type CreateReportInput,
  createReportInputSchema,
  REPORT_PERIOD_PRESETS,
  type ReportPeriodPreset,
  type ReportType,
  reportPeriodOf,
} from '@parley/contracts';

/** The period choice of the Generate Report dialog: a preset, or custom dates. */
export type PeriodChoice = ReportPeriodPreset | 'custom';
export const PERIOD_CHOICES: readonly PeriodChoice[] = [...REPORT_PERIOD_PRESETS, 'custom'];

/** What the dialog holds: the fund is '' for all funds; the dates matter only for a custom period. */
export type ReportRequestDraft = {
  type: ReportType;
  period: PeriodChoice;
  from: string;
  to: string;
  fundId: string;
};

export const EMPTY_REPORT_REQUEST: ReportRequestDraft = {
  type: 'management',
  period: 'last_30_days',
  from: '',
  to: '',
  fundId: '',
};

/** The dialog's fields by the request's field names, so the server's messages land on them too. */
export const FIELD_OF_INPUT: Record<string, keyof ReportRequestDraft> = {
  type: 'type',
  period_start: 'from',
  period_end: 'to',
  fund_id: 'fundId',
};

/**
 * The request the dialog sends, checked with the server's own schema (its messages, per dialog field),
 * as of `today` for a preset period.
 */
export function toReportRequest(
  draft: ReportRequestDraft,
  today: Date,
):
  | { ok: true; input: CreateReportInput }
  | { ok: false; fields: Partial<Record<keyof ReportRequestDraft, string>> } {
  const period =
    draft.period === 'custom' ? { start: draft.from, end: draft.to } : reportPeriodOf(draft.period, today);
  const parsed = createReportInputSchema.safeParse({
    type: draft.type,
    period_start: period.start,
    period_end: period.end,
    fund_id: draft.fundId || null,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields: Partial<Record<keyof ReportRequestDraft, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_INPUT[String(issue.path[0])];
    if (field && !fields[field]) fields[field] = issue.message;
  }
  return { ok: false, fields };
}
