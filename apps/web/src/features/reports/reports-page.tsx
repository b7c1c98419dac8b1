import { hasCapability } from '@parley/contracts';
import { FileText } from 'lucide-react';
import { useFundOptions } from '@/api/projects/list-projects';
import { useReports } from '@/api/reports/list-reports';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { SectionError } from '@/components/section-error';
import { Card } from '@/components/ui/card';
import { useSignedInSession } from '@/lib/session';
import { GenerateReportDialog } from './components/generate-report-dialog';
import { MonthlyReportsDialog } from './components/monthly-reports-dialog';
import { ReportsTable } from './components/reports-table';

/** Placeholder rows while the first page loads. */
function ReportsTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-2" role="status" aria-busy="true">
      <span className="sr-only">Loading reports</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-12 rounded-md bg-muted motion-safe:animate-pulse" />
      ))}
    </div>
  );
}

/**
 * Reports (docs/product.md §2 Reports): Generate Report queues a Management, Compliance or Productivity
 * report, made in the background (the list follows its progress); a finished one downloads as PDF or CSV,
 * a failed one says why and can be retried. Newest first, in pages.
 */
export function ReportsPage() {
  const { role } = useSignedInSession();
  const reports = useReports();
  const funds = useFundOptions();
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Page>
      <PageHeader
        title="Reports"
        subtitle="Management, compliance and productivity reports"
        actions={
          <>
            {hasCapability(role, 'admin.manage') ? <MonthlyReportsDialog /> : null}
            <GenerateReportDialog funds={funds.data ?? []} />
          </>
        }
      />
      {reports.isPending ? (
        <ReportsTableSkeleton />
      ) : reports.isError && items.length === 0 ? (
        <SectionError
          title="Failed to load reports"
          error={reports.error}
          onRetry={() => void reports.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No reports yet"
          description="Generate Report makes a PDF and a CSV of a period's figures; they are kept here to download again."
        />
      ) : (
        <Card className="gap-0 p-2">
          <ReportsTable reports={items} isFetching={reports.isFetching && !reports.isFetchingNextPage} />
        </Card>
      )}
      <LoadMore query={reports} failedText="Failed to load more reports" />
    </Page>
  );
}
