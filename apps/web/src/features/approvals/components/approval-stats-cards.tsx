import { AlertTriangle, Clock, Hourglass } from 'lucide-react';
import { KpiCard } from '@/components/kpi-card';
import { formatHours } from '@/lib/format';
import { useApprovalStats } from '../api/get-approval-stats';

/** docs/product.md §2 Approval queue stats: pending, average response time, flagged today — live. */
export function ApprovalStatsCards() {
  const stats = useApprovalStats();
  const value = (text: string | undefined) => (stats.isPending ? '…' : stats.isError ? '–' : (text ?? '–'));
  return (
    <section
      aria-label="Approval statistics"
      aria-busy={stats.isPending}
      className="grid grid-cols-3 gap-2 sm:gap-3"
    >
      <KpiCard
        label="Pending Approvals"
        value={value(stats.data ? String(stats.data.pending) : undefined)}
        hint="Waiting for a director"
        isCompactOnPhone
        icon={<Hourglass />}
      />
      <KpiCard
        label="Avg Response Time"
        value={value(stats.data ? formatHours(stats.data.average_response_hours) : undefined)}
        hint="Submission to decision, last 30 days"
        isCompactOnPhone
        icon={<Clock />}
      />
      <KpiCard
        label="Flagged Today"
        value={value(stats.data ? String(stats.data.flagged_today) : undefined)}
        hint="Drafts needing a director (UTC day)"
        isCompactOnPhone
        icon={<AlertTriangle />}
      />
      {stats.isError ? (
        <p className="col-span-3 text-destructive text-sm" role="alert">
          The statistics could not be loaded.
        </p>
      ) : null}
    </section>
  );
}
