/**
 * The period's days on the page. Analytics counts UTC days (docs/decisions/043-analytics.md), so the
 * days are shown and picked as UTC days, whatever the reader's time zone.
 */

const DAY_MS = 86_400_000;

function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The last `days` UTC days up to today, both included: what a custom period starts from. */
export function recentDays(days: number, now: number = Date.now()): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** A period as words: 'Nov 1 – 30, 2026', or one day alone. */
export function formatPeriod(period: { from: string; to: string }, locale?: string): string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const from = new Date(`${period.from}T00:00:00.000Z`);
  const to = new Date(`${period.to}T00:00:00.000Z`);
  return period.from === period.to ? format.format(from) : format.formatRange(from, to);
}
