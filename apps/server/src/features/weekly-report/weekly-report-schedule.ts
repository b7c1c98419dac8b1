import { WEEKLY_REPORT_DAYS, type WeeklyReportDay } from '@parley/contracts';

/** When an organisation's weekly report is due: a day of the week and a time of day in an IANA zone. */
export type WeeklyReportSchedule = { day: WeeklyReportDay; time: string; timeZone: string };

const DAY_MS = 24 * 3_600_000;

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instant` in the zone (to the second; weekday 0 = Monday). */
function wallTimeAt(instant: number, timeZone: string): WallTime & { second: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    year,
    month,
    day,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7,
  };
}

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time names in the zone. A time the zone skips (a spring-forward gap) comes
 * out an hour later, as clocks read then; a time it repeats (autumn) is its first occurrence. The
 * offsets a day either side are the ones in force before and after any change near it.
 */
function instantOf(wall: Omit<WallTime, 'weekday'>, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const candidates = [naive - offsetAt(naive - DAY_MS, timeZone), naive - offsetAt(naive + DAY_MS, timeZone)];
  const reading = candidates.filter((candidate) => {
    const w = wallTimeAt(candidate, timeZone);
    return w.day === wall.day && w.hour === wall.hour && w.minute === wall.minute;
  });
  return reading.length > 0 ? Math.min(...reading) : Math.max(...candidates);
}

function parseTime(time: string): { hour: number; minute: number } {
  const [hour, minute] = time.split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

/** The scheduled time on the calendar date `daysFromToday` days from `today` (a wall date in the zone). */
function scheduledOn(
  today: { year: number; month: number; day: number },
  daysFromToday: number,
  schedule: WeeklyReportSchedule,
): number {
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + daysFromToday * DAY_MS);
  return instantOf(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      ...parseTime(schedule.time),
    },
    schedule.timeZone,
  );
}

/**
 * The most recent scheduled time at or before `now`: the due check of docs/decisions/041-weekly-report-schedule.md
 * asks whether a report was sent at or after it. Computed from the zone's calendar, so a week across a
 * daylight-saving change is 167 or 169 hours and the report still goes out at 08:00 local time.
 */
export function latestScheduledAt(schedule: WeeklyReportSchedule, now: Date): Date {
  const wall = wallTimeAt(now.getTime(), schedule.timeZone);
  const target = WEEKLY_REPORT_DAYS.indexOf(schedule.day);
  const back = (wall.weekday - target + 7) % 7;
  const candidate = scheduledOn(wall, -back, schedule);
  return new Date(candidate <= now.getTime() ? candidate : scheduledOn(wall, -back - 7, schedule));
}

/** The first scheduled time after `now`. */
export function nextScheduledAt(schedule: WeeklyReportSchedule, now: Date): Date {
  const wall = wallTimeAt(now.getTime(), schedule.timeZone);
  const target = WEEKLY_REPORT_DAYS.indexOf(schedule.day);
  const ahead = (target - wall.weekday + 7) % 7;
  const candidate = scheduledOn(wall, ahead, schedule);
  return new Date(candidate > now.getTime() ? candidate : scheduledOn(wall, ahead + 7, schedule));
}

/** The scheduled time before `scheduledAt`: the start of the week a report covers. */
export function previousScheduledAt(schedule: WeeklyReportSchedule, scheduledAt: Date): Date {
  return latestScheduledAt(schedule, new Date(scheduledAt.getTime() - 1));
}

/**
 * docs/decisions/041-weekly-report-schedule.md: a report is due when the latest scheduled time has
 * passed, falls after the organisation was created (a new organisation waits for its first scheduled
 * time), and no report was sent at or after it. Downtime of any length gives one report, not one per
 * missed week.
 */
export function dueScheduledAt(input: {
  schedule: WeeklyReportSchedule;
  now: Date;
  createdAt: Date;
  lastSentAt: Date | null;
}): Date | null {
  const scheduledAt = latestScheduledAt(input.schedule, input.now);
  if (scheduledAt.getTime() < input.createdAt.getTime()) return null;
  if (input.lastSentAt && input.lastSentAt.getTime() >= scheduledAt.getTime()) return null;
  return scheduledAt;
}
