import type { EmailKpis } from '@parley/contracts';
import { KpiCard } from '@/components/kpi-card';

function Stat({ label, value, rate }: { label: string; value: string | number; rate?: number }) {
  // docs/product.md §9: open and click bars (all rate bars here) are capped at 100%.
  const width = rate === undefined ? 0 : Math.min(100, Math.max(0, rate));
  return (
    <KpiCard
      label={label}
      value={value}
      valueTestId={`kpi-${label}`}
      aside={rate === undefined ? null : <span className="text-muted-foreground text-sm">{rate}%</span>}
    >
      {rate === undefined ? null : (
        <div
          role="progressbar"
          aria-label={`${label} rate`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={width}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${width}%` }} />
        </div>
      )}
    </KpiCard>
  );
}

function ageText(seconds: number | null) {
  if (seconds === null) return 'None in 7 days';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}

/** The KPIs & Stats tab: the last 7 days' counts, with their rates as bars. */
export function KpiPanel({ kpis }: { kpis: EmailKpis }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Stat label="Sent" value={kpis.sent} />
      <Stat label="Delivered" value={kpis.delivered} />
      <Stat label="Bounced" value={kpis.bounced} rate={kpis.bounce_rate_pct} />
      <Stat label="Complaints" value={kpis.complaints} rate={kpis.complaint_rate_pct} />
      <Stat label="Opened" value={kpis.opened} rate={kpis.open_rate_pct} />
      <Stat label="Clicked" value={kpis.clicked} rate={kpis.click_rate_pct} />
      <Stat label="Last delivery" value={ageText(kpis.last_delivery_age_sec)} />
      <Stat label="Webhook 5xx (24 h)" value={kpis.webhook_5xx_count_24h} />
    </div>
  );
}
