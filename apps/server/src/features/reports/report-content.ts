import { REPORT_TYPE_LABELS, type ReportType } from '@parley/contracts';
import type { ReportDocument } from './report-pdf';

/** What every report says about itself: its type, period, fund and who asked for it. */
export type ReportHeader = {
  type: ReportType;
  title: string;
  periodStart: string;
  periodEnd: string;
  fundName: string | null;
  createdByName: string;
  /** When this run generated it. */
  generatedAt: Date;
};

/** A generated report before it is stored: the PDF's content and the CSV of its rows. */
export type ReportContent = { document: ReportDocument; csv: string };

export function reportTitle(type: ReportType): string {
  return `${REPORT_TYPE_LABELS[type]} report`;
}

/** '2026-11-01 to 2026-11-30 (UTC), all funds' */
export function periodLine(header: ReportHeader): string {
  return `Period ${header.periodStart} to ${header.periodEnd} (UTC), ${header.fundName ? `fund ${header.fundName}` : 'all funds'}`;
}

/** A time as reports print it: '2026-11-05 14:30' (UTC, minutes). */
export function formatUtc(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

/** Hours with one decimal, or '—' when there is no figure. */
export function formatHours(hours: number | null): string {
  return hours === null ? '—' : (Math.round(hours * 10) / 10).toFixed(1);
}
