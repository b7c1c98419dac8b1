import { z } from 'zod';
import { mailDeliverySchema } from './mail-delivery';

/**
 * The email health report (docs/product.md §2 Email health monitor, §3 Email health report): checks
 * that are PASS, WARN, FAIL, INFO or SKIP, an overall PASS, WARN or FAIL, and the KPIs of the window.
 */
export const EMAIL_HEALTH_WINDOW_DAYS = 7;
/** Recent Events shows at most this many per page (docs/product.md §9). */
export const EMAIL_HEALTH_RECENT_EVENTS = 50;

export const CHECK_STATUSES = ['PASS', 'WARN', 'FAIL', 'INFO', 'SKIP'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
export const OVERALL_STATUSES = ['PASS', 'WARN', 'FAIL'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

export const healthCheckSchema = z.object({
  name: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** One sentence for people. */
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type HealthCheckDto = z.infer<typeof healthCheckSchema>;

/** Every rate is a number: 0 when there was no mail, never NaN. */
export const emailKpisSchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  bounce_rate_pct: z.number(),
  complaints: z.number().int(),
  complaint_rate_pct: z.number(),
  opened: z.number().int(),
  open_rate_pct: z.number(),
  clicked: z.number().int(),
  click_rate_pct: z.number(),
  /** Seconds since the last mail left Parley; null when none did in the window. */
  last_delivery_age_sec: z.number().int().nullable(),
  webhook_5xx_count_24h: z.number().int(),
});
export type EmailKpis = z.infer<typeof emailKpisSchema>;

/** GET /api/admin/email-health. */
export const emailHealthReportSchema = z.object({
  timestamp: z.string(),
  overall_status: z.enum(OVERALL_STATUSES),
  checks: z.array(healthCheckSchema),
  kpis: emailKpisSchema,
});
export type EmailHealthReport = z.infer<typeof emailHealthReportSchema>;

/** POST /api/admin/email-health/live-test: one result per test mail, sent to the caller. */
export const liveTestResponseSchema = z.object({
  results: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      status: mailDeliverySchema,
      message_id: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type LiveTestResponse = z.infer<typeof liveTestResponseSchema>;

/** docs/product.md §8 Email health texts. */
export const EMAIL_HEALTH_TEXTS = {
  loadFailedTitle: 'Error',
  loadFailedBody: 'Failed to load email health data',
  testFailedTitle: 'Test Failed',
  testFailedBody: 'Failed to send test emails',
  testDoneTitle: 'Live Test Completed',
  testDoneBody: (count: number) => `Sent ${count} test emails. Check your inbox!`,
  exported: 'Report Exported',
} as const;

/**
 * The exported report's file name (docs/product.md §9): email-health-report-{yyyy-MM-dd}.md, the date
 * as the user's own calendar reads it.
 */
export function emailHealthReportFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `email-health-report-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.md`;
}
