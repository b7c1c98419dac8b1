import { describe, expect, it } from 'vitest';
import {
  bounceRateCheck,
  complaintRateCheck,
  type DeliveryCounts,
  deliveryFreshnessCheck,
  kpisOf,
  outboxCheck,
  overallStatusOf,
  webhookCheck,
} from './checks';

const NOW = new Date('2026-11-29T12:00:00Z');
const counts = (over: Partial<DeliveryCounts> = {}): DeliveryCounts => ({
  sent: 0,
  delivered: 0,
  bounced: 0,
  complaints: 0,
  opened: 0,
  clicked: 0,
  givenUp: 0,
  lastSentAt: null,
  ...over,
});

describe('delivery freshness', () => {
  it('says how long ago the last mail left, in the singular for one', () => {
    const said = (sec: number) =>
      deliveryFreshnessCheck({ ...kpisOf(counts(), 0, NOW), last_delivery_age_sec: sec }).summary;
    expect(said(20)).toBe('The last mail left Parley 1 minute ago.');
    expect(said(600)).toBe('The last mail left Parley 10 minutes ago.');
    expect(said(3600)).toBe('The last mail left Parley 1 hour ago.');
    expect(said(7200)).toBe('The last mail left Parley 2 hours ago.');
    expect(said(86_400 * 3)).toBe('The last mail left Parley 3 days ago.');
  });
});

describe('email health KPIs', () => {
  it('are all numbers with no mail: rates 0, never NaN', () => {
    const kpis = kpisOf(counts(), 0, NOW);
    for (const [key, value] of Object.entries(kpis)) {
      if (key === 'last_delivery_age_sec') expect(value).toBeNull();
      else expect(Number.isFinite(value), key).toBe(true);
    }
    expect(kpis.bounce_rate_pct).toBe(0);
  });

  it('rate some and all mail bounced against what was sent', () => {
    expect(kpisOf(counts({ sent: 40, bounced: 3 }), 0, NOW).bounce_rate_pct).toBe(7.5);
    expect(kpisOf(counts({ sent: 3, bounced: 3 }), 0, NOW).bounce_rate_pct).toBe(100);
    expect(kpisOf(counts({ sent: 3, bounced: 1 }), 0, NOW).bounce_rate_pct).toBe(33.33);
  });

  it('rate opens and clicks against delivered mail once any was reported, else against sent', () => {
    expect(kpisOf(counts({ sent: 10, delivered: 4, opened: 2 }), 0, NOW).open_rate_pct).toBe(50);
    expect(kpisOf(counts({ sent: 10, opened: 2, clicked: 1 }), 0, NOW)).toMatchObject({
      open_rate_pct: 20,
      click_rate_pct: 10,
    });
  });

  it('give the age of the last mail sent in seconds', () => {
    const lastSentAt = new Date(NOW.getTime() - 90_500);
    expect(kpisOf(counts({ sent: 1, lastSentAt }), 2, NOW)).toMatchObject({
      last_delivery_age_sec: 90,
      webhook_5xx_count_24h: 2,
    });
  });
});

describe('email health checks', () => {
  const rateOf = (over: Partial<DeliveryCounts>) => kpisOf(counts(over), 0, NOW);

  it('call bounces High above 5%, not at it', () => {
    expect(bounceRateCheck(rateOf({ sent: 100, bounced: 5 })).status).toBe('PASS');
    expect(bounceRateCheck(rateOf({ sent: 100, bounced: 6 }))).toMatchObject({
      status: 'WARN',
      summary: expect.stringMatching(/^High: 6% /),
    });
    expect(bounceRateCheck(rateOf({})).status).toBe('INFO');
  });

  it('call complaints High above 0.1% and fail at 0.3%', () => {
    expect(complaintRateCheck(rateOf({ sent: 1000, complaints: 1 })).status).toBe('PASS');
    expect(complaintRateCheck(rateOf({ sent: 1000, complaints: 2 })).status).toBe('WARN');
    expect(complaintRateCheck(rateOf({ sent: 1000, complaints: 3 })).status).toBe('FAIL');
  });

  it('warn of waiting or given-up mail', () => {
    expect(outboxCheck({ waiting: 0, givenUp: 0 }).status).toBe('PASS');
    expect(outboxCheck({ waiting: 2, givenUp: 1 })).toMatchObject({
      status: 'WARN',
      summary:
        '2 mails have waited more than 15 minutes to be sent; 1 given up after every retry in the last 7 days.',
    });
  });

  it('skip the webhook when it has no secret, and warn when it is quiet or failing', () => {
    const base = { configured: true, count5xx24h: 0, lastEventAt: null, unmatched24h: 0, sent: 0, now: NOW };
    expect(webhookCheck({ ...base, configured: false }).status).toBe('SKIP');
    expect(webhookCheck(base).status).toBe('PASS');
    expect(webhookCheck({ ...base, sent: 5 }).status).toBe('WARN');
    expect(webhookCheck({ ...base, sent: 5, lastEventAt: new Date(NOW.getTime() - 3600_000) }).status).toBe(
      'PASS',
    );
    expect(webhookCheck({ ...base, count5xx24h: 1 }).status).toBe('WARN');
  });

  it('is FAIL when any check fails, WARN when any warns, and PASS over INFO and SKIP', () => {
    expect(overallStatusOf([{ status: 'PASS' }, { status: 'INFO' }, { status: 'SKIP' }])).toBe('PASS');
    expect(overallStatusOf([{ status: 'PASS' }, { status: 'WARN' }])).toBe('WARN');
    expect(overallStatusOf([{ status: 'WARN' }, { status: 'FAIL' }])).toBe('FAIL');
  });
});
