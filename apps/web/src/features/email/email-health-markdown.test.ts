import type { EmailHealthReport } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { emailHealthMarkdown } from './email-health-markdown';

const report: EmailHealthReport = {
  timestamp: '2026-11-29T08:00:00.000Z',
  overall_status: 'WARN',
  checks: [
    { name: 'Bounce rate', status: 'WARN', summary: 'High: 7.5% of mail bounced | above 5%.', details: {} },
  ],
  kpis: {
    sent: 40,
    delivered: 35,
    bounced: 3,
    bounce_rate_pct: 7.5,
    complaints: 0,
    complaint_rate_pct: 0,
    opened: 10,
    open_rate_pct: 28.57,
    clicked: 2,
    click_rate_pct: 5.71,
    last_delivery_age_sec: null,
    webhook_5xx_count_24h: 0,
  },
};

describe('the exported email health report', () => {
  it('holds the checks, every KPI and the events, with table cells kept whole', () => {
    const text = emailHealthMarkdown(report, [
      {
        id: 'e1',
        timestamp: '2026-11-29T07:59:00.000Z',
        action_type: 'email_bounced',
        recipient_email: 'jane@example.com',
        template: 'investor_reply',
        success: false,
        details: {},
      },
    ]);
    expect(text).toContain('Overall status: **WARN**');
    expect(text).toContain('| Bounce rate | WARN | High: 7.5% of mail bounced \\| above 5%. |');
    expect(text).toContain('| Bounce rate (%) | 7.5 |');
    expect(text).toContain('| Last delivery (seconds ago) | — |');
    expect(text).toContain(
      '| 2026-11-29T07:59:00.000Z | email_bounced | jane@example.com | investor_reply | no |',
    );
  });

  it('says when there were no events', () => {
    expect(emailHealthMarkdown(report, [])).toContain('No e-mail events in the last 7 days.');
  });
});
