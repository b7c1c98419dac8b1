import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, Clock, Hourglass } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { formatHours } from '@/lib/format';
import { useApprovalStats } from '../api/get-approval-stats';

function StatCard({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="py-4">
      <CardContent className="flex items-start justify-between gap-3 px-4 sm:px-6">
        <div className="min-w-0">
          <p className="text-muted-foreground text-sm">{label}</p>
          <p className="font-semibold text-2xl tabular-nums">{value}</p>
          <p className="text-muted-foreground text-xs">{hint}</p>
        </div>
        <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      </CardContent>
    </Card>
  );
}

/** docs/product.md §2 Approval queue stats: pending, average response time, flagged today — live. */
export function ApprovalStatsCards() {
  const stats = useApprovalStats();
  const value = (text: string | undefined) => (stats.isPending ? '…' : stats.isError ? '–' : (text ?? '–'));
  return (
    <section
      aria-label="Approval statistics"
      aria-busy={stats.isPending}
      className="grid gap-3 sm:grid-cols-3"
    >
      <StatCard
        label="Pending Approvals"
        value={value(stats.data ? String(stats.data.pending) : undefined)}
        hint="Waiting for a director"
        icon={Hourglass}
      />
      <StatCard
        label="Avg Response Time"
        value={value(stats.data ? formatHours(stats.data.average_response_hours) : undefined)}
        hint="Submission to decision, last 30 days"
        icon={Clock}
      />
      <StatCard
        label="Flagged Today"
        value={value(stats.data ? String(stats.data.flagged_today) : undefined)}
        hint="Drafts needing a director (UTC day)"
        icon={AlertTriangle}
      />
      {stats.isError ? (
        <p className="text-destructive text-sm sm:col-span-3" role="alert">
          The statistics could not be loaded.
        </p>
      ) : null}
    </section>
  );
}
