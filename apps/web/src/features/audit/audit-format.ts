/** How the Audit Logs screen writes times and hashes (docs/product.md §2 Audit logs). */

/**
 * A moment to the millisecond in the viewer's time zone, with the zone's name, e.g.
 * '12 Mar 2026, 14:03:07.123 CET'. `timeZone` and `locale` are for tests; the screen uses the viewer's.
 */
export function formatAuditTime(ms: number, options: { locale?: string; timeZone?: string } = {}): string {
  return new Intl.DateTimeFormat(options.locale, {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(new Date(ms));
}

/** The same moment in UTC, for the hover title: exactly what the export holds. */
export function formatAuditUtc(ms: number): string {
  return `${new Date(ms).toISOString()} (UTC)`;
}

/** The first characters of a SHA-256 hash, enough to tell entries apart by eye. */
export function shortHash(hash: string): string {
  return hash.length > 10 ? `${hash.slice(0, 10)}…` : hash;
}

/** A value of an entry's details as text: strings as they are, anything else as JSON. */
export function detailValueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** The download's name from the server's Content-Disposition, or a dated fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}
