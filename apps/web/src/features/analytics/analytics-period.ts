/**
 * The period's days on the page. Analytics counts UTC days (docs/decisions/043-analytics.md), so the
 * days are shown and picked as UTC days, whatever the reader's time zone.
 */

const DAY_MS = 86_400_000;

function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** A UTC day (YYYY-MM-DD) as given. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day an instant (or a day) starts in. */
function firstDay(start: string): string {
  return DAY.test(start) ? start : utcDay(Date.parse(start));
}

/** The last day before an end: a day is itself (inclusive); an instant is the end, not included. */
function lastDay(end: string): string {
  return DAY.test(end) ? end : utcDay(Date.parse(end) - 1);
}

type PeriodBounds = { from: string; to: string; previous_from: string; previous_to: string };

/**
 * The period the server answered for, as UTC days with both ends included. The API gives the bounds as
 * instants with the end excluded (the start of the next day, or now for a preset), so the previous
 * period's end is the period's own start.
 */
export function periodDays(period: PeriodBounds): {
  current: { from: string; to: string };
  previous: { from: string; to: string };
} {
  return {
    current: { from: firstDay(period.from), to: lastDay(period.to) },
    previous: { from: firstDay(period.previous_from), to: lastDay(period.previous_to) },
  };
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
