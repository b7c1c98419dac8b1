import type { EmailHealthReport } from '@parley/contracts';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { RelativeTime } from '@/components/relative-time';
import { cn } from '@/lib/utils';

const LOOK = {
  PASS: {
    icon: CircleCheck,
    className: 'border-status-pass/50 bg-status-pass/10',
    text: 'No check warns or fails.',
  },
  WARN: {
    icon: TriangleAlert,
    className: 'border-status-warn/60 bg-status-warn/10',
    text: 'Some checks need attention.',
  },
  FAIL: {
    icon: CircleX,
    className: 'border-destructive/60 bg-destructive/10',
    text: 'Mail is at risk: a check fails.',
  },
} as const;

/** docs/product.md §4: the overall status colours the banner. */
export function HealthBanner({ report }: { report: EmailHealthReport }) {
  const look = LOOK[report.overall_status];
  const Icon = look.icon;
  const needing = report.checks.filter((c) => c.status === 'WARN' || c.status === 'FAIL').map((c) => c.name);
  return (
    <section
      aria-label="Overall email health"
      data-testid="email-health-banner"
      data-status={report.overall_status}
      className={cn('flex items-start gap-3 rounded-lg border p-4', look.className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">
          Overall status: <span data-testid="email-health-overall">{report.overall_status}</span>
        </p>
        <p className="text-muted-foreground text-sm">
          {look.text}
          {needing.length > 0 ? ` ${needing.join(', ')}.` : ''} Checked <RelativeTime at={report.timestamp} />
          .
        </p>
      </div>
    </section>
  );
}
