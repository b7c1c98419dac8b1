import type { EmailEvent, EmailHealthReport } from '@parley/contracts';

/** A table cell: pipes and line breaks would end the cell or the row. */
const cell = (value: unknown) =>
  String(value ?? '—')
    .replaceAll('|', '\\|')
    .replace(/\s*\n\s*/g, ' ');

const table = (head: string[], rows: unknown[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');

export const KPI_LABELS: Record<keyof EmailHealthReport['kpis'], string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  bounced: 'Bounced',
  bounce_rate_pct: 'Bounce rate (%)',
  complaints: 'Complaints',
  complaint_rate_pct: 'Complaint rate (%)',
  opened: 'Opened',
  open_rate_pct: 'Open rate (%)',
  clicked: 'Clicked',
  click_rate_pct: 'Click rate (%)',
  last_delivery_age_sec: 'Last delivery (seconds ago)',
  webhook_5xx_count_24h: 'Webhook 5xx (24 h)',
};

/** Export Report (docs/product.md §2 Email health monitor): the checks, the KPIs and the recent events. */
export function emailHealthMarkdown(report: EmailHealthReport, events: readonly EmailEvent[]): string {
  return [
    '# Email health report',
    '',
    `Generated ${report.timestamp}. Overall status: **${report.overall_status}**.`,
    '',
    '## Health checks',
    '',
    table(
      ['Check', 'Status', 'Summary'],
      report.checks.map((c) => [c.name, c.status, c.summary]),
    ),
    '',
    '## KPIs (last 7 days)',
    '',
    table(
      ['KPI', 'Value'],
      Object.entries(KPI_LABELS).map(([key, label]) => [label, report.kpis[key as keyof typeof KPI_LABELS]]),
    ),
    '',
    `## Recent events (${events.length})`,
    '',
    events.length === 0
      ? 'No e-mail events in the last 7 days.'
      : table(
          ['Time', 'Event', 'Recipient', 'Template', 'Success'],
          events.map((e) => [
            e.timestamp,
            e.action_type,
            e.recipient_email,
            e.template,
            e.success ? 'yes' : 'no',
          ]),
        ),
    '',
  ].join('\n');
}
