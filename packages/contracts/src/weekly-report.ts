import { z } from 'zod';

/**
 * The weekly report (docs/product.md §2 Admin panel, System Health; docs/decisions/041-weekly-report-schedule.md):
 * when each organisation's digest is due, in its own time zone.
 */
export const WEEKLY_REPORT_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeeklyReportDay = (typeof WEEKLY_REPORT_DAYS)[number];

/** docs/product.md §2: Monday 08:00; UTC, as no organisation has a time zone of its own elsewhere. */
export const WEEKLY_REPORT_DEFAULT_SCHEDULE = {
  day: 'monday',
  time: '08:00',
  time_zone: 'UTC',
} as const satisfies { day: WeeklyReportDay; time: string; time_zone: string };

/** 24-hour HH:MM, 00:00 to 23:59. */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

let supportedZones: ReadonlySet<string> | undefined;

/** The IANA zones this runtime knows (Intl), UTC included: the same list the server computes times with. */
export function isSupportedTimeZone(zone: string): boolean {
  supportedZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return supportedZones.has(zone);
}

/** PUT /api/admin/weekly-report: the whole schedule; each field's 400 names it. */
export const updateWeeklyReportScheduleInputSchema = z.strictObject(
  {
    day: z.enum(WEEKLY_REPORT_DAYS, { error: `Choose one of ${WEEKLY_REPORT_DAYS.join(', ')}` }),
    time: z
      .string({ error: 'Enter a time as HH:MM' })
      .regex(TIME_PATTERN, { error: 'Enter a time as HH:MM, from 00:00 to 23:59' }),
    time_zone: z
      .string({ error: 'Enter a time zone such as Europe/London' })
      .max(100, { error: 'Enter a time zone such as Europe/London' })
      .refine(isSupportedTimeZone, {
        error: 'Not a known time zone: use an IANA name such as Europe/London',
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Not a setting of the weekly report: ${issue.keys.join(', ')}`
        : 'Send the schedule as a JSON object',
  },
);
export type UpdateWeeklyReportScheduleInput = z.infer<typeof updateWeeklyReportScheduleInputSchema>;

/** GET and PUT /api/admin/weekly-report: the schedule, and when the report goes out next and went last. */
export const weeklyReportScheduleResponseSchema = z.object({
  day: z.enum(WEEKLY_REPORT_DAYS),
  /** HH:MM in `time_zone`. */
  time: z.string(),
  /** An IANA time zone name. */
  time_zone: z.string(),
  /** The next scheduled time after now (ISO 8601, UTC); the job sends within minutes of it. */
  next_at: z.string(),
  /** The latest `weekly_report_sent` entry of the organisation, or null when none was sent. */
  last_sent_at: z.string().nullable(),
});
export type WeeklyReportScheduleResponse = z.infer<typeof weeklyReportScheduleResponseSchema>;

/** The e-mail health line of the digest; null from the provider reads as 'not available'. */
export const EMAIL_HEALTH_STATUSES = ['PASS', 'WARN', 'FAIL'] as const;
export type EmailHealthStatus = (typeof EMAIL_HEALTH_STATUSES)[number];
