import { canonicalJson } from '../../lib/audit';
import type { AuditEntryLine } from './audit-export-line';

/** The CSV export's columns: the JSON Lines entry's fields, in the same order (docs/api.md). */
export const AUDIT_CSV_COLUMNS = [
  'chain',
  'seq',
  'id',
  'created_at',
  'actor_id',
  'action_type',
  'entity_type',
  'entity_id',
  'details',
  'prev_hash',
  'hash',
] as const satisfies readonly Exclude<keyof AuditEntryLine, 'type'>[];

/** Characters a spreadsheet reads as the start of a formula (OWASP CSV injection), and tab / CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A cell
 * a spreadsheet would run as a formula gets a leading `'` first (docs/api.md): the CSV is for
 * reading; the JSON Lines export is the one a verifier recomputes hashes from.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 lines end with CRLF. */
export function csvRow(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const AUDIT_CSV_HEADER = csvRow(AUDIT_CSV_COLUMNS);

/** An export entry as a CSV row: the details as canonical JSON in one cell. */
export function auditCsvRow(line: AuditEntryLine): string {
  return csvRow(
    AUDIT_CSV_COLUMNS.map((column) => (column === 'details' ? canonicalJson(line.details) : line[column])),
  );
}
