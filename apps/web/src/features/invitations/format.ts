const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A server timestamp (ISO 8601) in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The day of a server timestamp, for dense tables (the full time goes in a title). */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}
