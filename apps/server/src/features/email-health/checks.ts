import type { CheckStatus, EmailKpis, HealthCheckDto, OverallStatus } from '@parley/contracts';

/**
 * Every threshold of the email health checks, in one place (docs/email-health.md). The bounce and
 * complaint limits are the mailbox providers' (Gmail and Yahoo sender rules: complaints must stay
 * under 0.3%, and 0.1% is the level to keep to); docs/product.md §9 calls above 5% bounces and above
 * 0.1% complaints High.
 */
export const EMAIL_HEALTH_THRESHOLDS = {
  bounceRateHighPct: 5,
  complaintRateHighPct: 0.1,
  complaintRateFailPct: 0.3,
  /** A mail still in the outbox this long after it was written is waiting too long. */
  waitingMailMinutes: 15,
  /** Mail left Parley in the window but no delivery event came back for this long: the webhook is quiet. */
  webhookQuietDays: 7,
} as const;

export type DeliveryCounts = Omit<
  EmailKpis,
  `${string}_pct` | 'last_delivery_age_sec' | 'webhook_5xx_count_24h'
> & {
  givenUp: number;
  lastSentAt: Date | null;
};

/** A share in percent with two decimals; 0 when there is nothing to divide by (never NaN). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

export function kpisOf(counts: DeliveryCounts, webhook5xx24h: number, now: Date): EmailKpis {
  const { sent, delivered, bounced, complaints, opened, clicked } = counts;
  // Opens and clicks are of mail that arrived; before any delivery event, of mail that left.
  const reached = delivered > 0 ? delivered : sent;
  return {
    sent,
    delivered,
    bounced,
    bounce_rate_pct: percent(bounced, sent),
    complaints,
    complaint_rate_pct: percent(complaints, sent),
    opened,
    open_rate_pct: percent(opened, reached),
    clicked,
    click_rate_pct: percent(clicked, reached),
    last_delivery_age_sec: counts.lastSentAt
      ? Math.max(0, Math.floor((now.getTime() - counts.lastSentAt.getTime()) / 1000))
      : null,
    webhook_5xx_count_24h: webhook5xx24h,
  };
}

const check = (name: string, status: CheckStatus, summary: string, details: Record<string, unknown>) => ({
  name,
  status,
  summary,
  details,
});

const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const ageText = (seconds: number) =>
  seconds < 3600
    ? counted(Math.max(1, Math.round(seconds / 60)), 'minute')
    : seconds < 172_800
      ? counted(Math.round(seconds / 3600), 'hour')
      : counted(Math.round(seconds / 86_400), 'day');

export function deliveryFreshnessCheck(kpis: EmailKpis): HealthCheckDto {
  const age = kpis.last_delivery_age_sec;
  if (age === null) {
    return check('Delivery freshness', 'INFO', 'No mail left Parley in the last 7 days.', {
      last_delivery_age_sec: null,
    });
  }
  return check('Delivery freshness', 'PASS', `The last mail left Parley ${ageText(age)} ago.`, {
    last_delivery_age_sec: age,
  });
}

export function outboxCheck(input: { waiting: number; givenUp: number }): HealthCheckDto {
  const details = {
    waiting: input.waiting,
    given_up_7d: input.givenUp,
    waiting_after_minutes: EMAIL_HEALTH_THRESHOLDS.waitingMailMinutes,
  };
  if (input.waiting === 0 && input.givenUp === 0) {
    return check('Outbox', 'PASS', 'No mail is waiting to be sent, and none was given up.', details);
  }
  const parts = [
    input.waiting > 0
      ? `${input.waiting} mail${input.waiting === 1 ? ' has' : 's have'} waited more than ${EMAIL_HEALTH_THRESHOLDS.waitingMailMinutes} minutes to be sent`
      : null,
    input.givenUp > 0 ? `${input.givenUp} given up after every retry in the last 7 days` : null,
  ].filter(Boolean);
  return check('Outbox', 'WARN', `${parts.join('; ')}.`, details);
}

export function bounceRateCheck(kpis: EmailKpis): HealthCheckDto {
  const details = {
    bounced: kpis.bounced,
    sent: kpis.sent,
    bounce_rate_pct: kpis.bounce_rate_pct,
    high_above_pct: EMAIL_HEALTH_THRESHOLDS.bounceRateHighPct,
  };
  if (kpis.sent === 0) return check('Bounce rate', 'INFO', 'No mail was sent in the last 7 days.', details);
  if (kpis.bounce_rate_pct > EMAIL_HEALTH_THRESHOLDS.bounceRateHighPct) {
    return check(
      'Bounce rate',
      'WARN',
      `High: ${kpis.bounce_rate_pct}% of mail bounced (above ${EMAIL_HEALTH_THRESHOLDS.bounceRateHighPct}%).`,
      details,
    );
  }
  return check('Bounce rate', 'PASS', `${kpis.bounce_rate_pct}% of mail bounced.`, details);
}

export function complaintRateCheck(kpis: EmailKpis): HealthCheckDto {
  const { complaintRateHighPct: high, complaintRateFailPct: fail } = EMAIL_HEALTH_THRESHOLDS;
  const rate = kpis.complaint_rate_pct;
  const details = {
    complaints: kpis.complaints,
    sent: kpis.sent,
    complaint_rate_pct: rate,
    high_above_pct: high,
    fail_at_pct: fail,
  };
  if (kpis.sent === 0)
    return check('Complaint rate', 'INFO', 'No mail was sent in the last 7 days.', details);
  if (rate >= fail) {
    return check(
      'Complaint rate',
      'FAIL',
      `${rate}% of mail was marked as spam: at ${fail}% mailbox providers start refusing it.`,
      details,
    );
  }
  if (rate > high)
    return check(
      'Complaint rate',
      'WARN',
      `High: ${rate}% of mail was marked as spam (above ${high}%).`,
      details,
    );
  return check('Complaint rate', 'PASS', `${rate}% of mail was marked as spam.`, details);
}

export function webhookCheck(input: {
  configured: boolean;
  count5xx24h: number;
  lastEventAt: Date | null;
  unmatched24h: number;
  sent: number;
  now: Date;
}): HealthCheckDto {
  const details = {
    configured: input.configured,
    webhook_5xx_count_24h: input.count5xx24h,
    last_event_at: input.lastEventAt?.toISOString() ?? null,
    unmatched_24h: input.unmatched24h,
  };
  if (!input.configured) {
    return check(
      'Delivery webhook',
      'SKIP',
      'Delivery events are not received: no webhook secret is configured.',
      details,
    );
  }
  if (input.count5xx24h > 0) {
    return check(
      'Delivery webhook',
      'WARN',
      `${input.count5xx24h} delivery event${input.count5xx24h === 1 ? '' : 's'} failed on Parley's side in the last 24 hours.`,
      details,
    );
  }
  const quietSince = input.now.getTime() - EMAIL_HEALTH_THRESHOLDS.webhookQuietDays * 86_400_000;
  if (input.sent > 0 && (input.lastEventAt === null || input.lastEventAt.getTime() < quietSince)) {
    return check(
      'Delivery webhook',
      'WARN',
      'Mail left Parley, but no delivery event came back in the last 7 days: check the provider posts to the webhook.',
      details,
    );
  }
  return check(
    'Delivery webhook',
    'PASS',
    input.lastEventAt
      ? `Receiving delivery events; the last came ${ageText(Math.floor((input.now.getTime() - input.lastEventAt.getTime()) / 1000))} ago.`
      : 'Ready for delivery events.',
    details,
  );
}

/** FAIL when any check fails, WARN when any warns; INFO and SKIP say nothing about health. */
export function overallStatusOf(checks: readonly { status: CheckStatus }[]): OverallStatus {
  if (checks.some((c) => c.status === 'FAIL')) return 'FAIL';
  if (checks.some((c) => c.status === 'WARN')) return 'WARN';
  return 'PASS';
}
