/**
 * Every date, number and size the web shows, formatted in one place so that screens agree. Dates
 * come from the server as ISO 8601 and are shown in the reader's locale and time zone.
 */

/** A server timestamp (ISO 8601), or a Date. */
type Instant = string | Date;

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

function toDate(at: Instant): Date {
  return typeof at === 'string' ? new Date(at) : at;
}

/** Day and time, e.g. 'Jan 10, 2026, 12:00 PM'. */
export function formatDateTime(at: Instant): string {
  return dateTimeFormat.format(toDate(at));
}

/** The day alone, for dense lists (the full time can go in a title). */
export function formatDate(at: Instant): string {
  return dateFormat.format(toDate(at));
}

/** The time of day alone, for something later today (a lockout's end). */
export function formatTime(at: Instant): string {
  return timeFormat.format(toDate(at));
}

/** How long ago, short: 'just now', '45m', '3h', '2d'. */
export function formatAge(at: Instant, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - toDate(at).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
}

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago, in words: 'just now', '12 minutes ago', '3 hours ago', 'yesterday'. */
export function formatRelativeTime(at: Instant, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - toDate(at).getTime());
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (elapsed >= ms) return relativeFormat.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

/**
 * A duration in hours with one decimal and 'h' (docs/product.md §2 Approval queue shows '3.2h'); a dash
 * without data.
 */
export function formatHours(hours: number | null): string {
  return hours === null ? '–' : `${hours.toFixed(1)}h`;
}

/**
 * A count with digit grouping ('1,234'), in the reader's locale unless one is given (the inbox's tab
 * counts are always grouped the English way).
 */
export function formatNumber(value: number, locale?: string): string {
  return value.toLocaleString(locale);
}

/** A fraction from 0 to 1 as a whole percentage: 0.874 → '87%'. */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** A file size in B, KB or MB (1024-based) with one decimal above bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
