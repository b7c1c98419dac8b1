import { describe, expect, it } from 'vitest';
import {
  dueScheduledAt,
  latestScheduledAt,
  nextScheduledAt,
  previousScheduledAt,
  type WeeklyReportSchedule,
} from './weekly-report-schedule';

const MONDAY_8_UTC: WeeklyReportSchedule = { day: 'monday', time: '08:00', timeZone: 'UTC' };
const MONDAY_8_NEW_YORK: WeeklyReportSchedule = {
  day: 'monday',
  time: '08:00',
  timeZone: 'America/New_York',
};
const at = (iso: string) => new Date(iso);

describe('the weekly report schedule', () => {
  it('finds the latest Monday 08:00 UTC at or before now', () => {
    // 2027-01-04 is a Monday.
    expect(latestScheduledAt(MONDAY_8_UTC, at('2027-01-04T08:00:00Z'))).toEqual(at('2027-01-04T08:00:00Z'));
    expect(latestScheduledAt(MONDAY_8_UTC, at('2027-01-04T07:59:59Z'))).toEqual(at('2026-12-28T08:00:00Z'));
    expect(latestScheduledAt(MONDAY_8_UTC, at('2027-01-10T23:00:00Z'))).toEqual(at('2027-01-04T08:00:00Z'));
    expect(nextScheduledAt(MONDAY_8_UTC, at('2027-01-04T08:00:00Z'))).toEqual(at('2027-01-11T08:00:00Z'));
    expect(nextScheduledAt(MONDAY_8_UTC, at('2027-01-04T07:00:00Z'))).toEqual(at('2027-01-04T08:00:00Z'));
  });

  it("reads the time in the organisation's zone, across both daylight-saving changes", () => {
    // Winter: EST is UTC-5.
    expect(latestScheduledAt(MONDAY_8_NEW_YORK, at('2027-01-04T13:00:00Z'))).toEqual(
      at('2027-01-04T13:00:00Z'),
    );
    expect(latestScheduledAt(MONDAY_8_NEW_YORK, at('2027-01-04T12:59:00Z'))).toEqual(
      at('2026-12-28T13:00:00Z'),
    );
    // Clocks go forward on Sunday 2027-03-14: the next Monday 08:00 is EDT (UTC-4), 167 hours later.
    expect(nextScheduledAt(MONDAY_8_NEW_YORK, at('2027-03-08T13:00:00Z'))).toEqual(
      at('2027-03-15T12:00:00Z'),
    );
    expect(previousScheduledAt(MONDAY_8_NEW_YORK, at('2027-03-15T12:00:00Z'))).toEqual(
      at('2027-03-08T13:00:00Z'),
    );
    // And back on Sunday 2027-11-07.
    expect(nextScheduledAt(MONDAY_8_NEW_YORK, at('2027-11-01T12:00:00Z'))).toEqual(
      at('2027-11-08T13:00:00Z'),
    );
    // A zone east of UTC whose Monday morning is Sunday night in UTC, and a half-hour offset.
    const tokyo: WeeklyReportSchedule = { day: 'monday', time: '08:00', timeZone: 'Asia/Tokyo' };
    expect(latestScheduledAt(tokyo, at('2027-01-04T00:00:00Z'))).toEqual(at('2027-01-03T23:00:00Z'));
    const kolkata: WeeklyReportSchedule = { day: 'friday', time: '17:45', timeZone: 'Asia/Kolkata' };
    expect(latestScheduledAt(kolkata, at('2027-01-08T12:15:00Z'))).toEqual(at('2027-01-08T12:15:00Z'));
  });

  it('sends a time the clocks skip an hour later, and a repeated time the first time round', () => {
    const sunday = (time: string): WeeklyReportSchedule => ({
      day: 'sunday',
      time,
      timeZone: 'America/New_York',
    });
    // 02:30 does not exist on 2027-03-14: 03:30 EDT.
    expect(nextScheduledAt(sunday('02:30'), at('2027-03-13T00:00:00Z'))).toEqual(at('2027-03-14T07:30:00Z'));
    // 01:30 happens twice on 2027-11-07: the first, EDT.
    expect(nextScheduledAt(sunday('01:30'), at('2027-11-06T00:00:00Z'))).toEqual(at('2027-11-07T05:30:00Z'));
  });

  it('is due once the scheduled time passed with no report since, and not before the organisation existed', () => {
    const now = at('2027-01-06T10:00:00Z'); // a Wednesday
    const createdAt = at('2026-06-01T00:00:00Z');
    const scheduledAt = at('2027-01-04T08:00:00Z');
    expect(dueScheduledAt({ schedule: MONDAY_8_UTC, now, createdAt, lastSentAt: null })).toEqual(scheduledAt);
    // Three weeks of downtime: the latest scheduled time only, once.
    expect(
      dueScheduledAt({ schedule: MONDAY_8_UTC, now, createdAt, lastSentAt: at('2026-12-14T08:01:00Z') }),
    ).toEqual(scheduledAt);
    expect(dueScheduledAt({ schedule: MONDAY_8_UTC, now, createdAt, lastSentAt: scheduledAt })).toBeNull();
    expect(
      dueScheduledAt({
        schedule: MONDAY_8_UTC,
        now,
        createdAt: at('2027-01-05T00:00:00Z'),
        lastSentAt: null,
      }),
    ).toBeNull();
  });
});
