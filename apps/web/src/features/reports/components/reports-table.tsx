import { type Report, reportDownloadUrl, reportFileName } from '@parley/contracts';
import { Download, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { useRetryReport } from '@/api/reports/retry-report';
import { PendingButton } from '@/components/pending-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { formatBytes, formatDate, formatDateTime } from '@/lib/format';

/** '1 Nov 2026 – 30 Nov 2026': the period's days as the reader's locale writes them (UTC days). */
function periodLabel(report: Pick<Report, 'period_start' | 'period_end'>) {
  const day = (value: string) => formatDate(new Date(`${value}T12:00:00Z`));
  return `${day(report.period_start)} – ${day(report.period_end)}`;
}

function ReportProgress({ report }: { report: Report }) {
  const label = report.status === 'queued' ? 'Queued' : `Generating… ${report.progress}%`;
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <span className="text-muted-foreground text-xs">{label}</span>
      <div
        role="progressbar"
        aria-label={`${report.type_label} report progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={report.progress}
        className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${report.progress}%` }} />
      </div>
    </div>
  );
}

function ReportStatus({ report }: { report: Report }) {
  if (report.status === 'done') return <Badge variant="success">Done</Badge>;
  if (report.status === 'failed') {
    return (
      <div className="flex max-w-64 flex-col gap-1">
        <Badge variant="destructive">Failed</Badge>
        {report.error ? <span className="text-destructive text-xs">{report.error}</span> : null}
      </div>
    );
  }
  return <ReportProgress report={report} />;
}

/** Download PDF / CSV for a finished report (plain links: the server names the file), Retry for a failed one. */
function ReportActions({ report }: { report: Report }) {
  const retry = useRetryReport();
  if (report.status === 'done') {
    return (
      <div className="flex justify-end gap-2">
        {(['pdf', 'csv'] as const).map((format) => (
          <Button key={format} asChild variant="outline" size="sm">
            <a
              href={reportDownloadUrl(report.id, format)}
              download={reportFileName(report, format)}
              aria-label={`Download ${format.toUpperCase()} of the ${report.type_label} report, ${periodLabel(report)}`}
            >
              <Download aria-hidden />
              {format.toUpperCase()}
            </a>
          </Button>
        ))}
      </div>
    );
  }
  if (report.status === 'failed') {
    return (
      <div className="flex justify-end">
        <PendingButton
          variant="outline"
          size="sm"
          isPending={retry.isPending}
          icon={<RotateCcw aria-hidden />}
          aria-label={`Retry the ${report.type_label} report, ${periodLabel(report)}`}
          onClick={() =>
            retry.mutate(report.id, {
              onSuccess: () => toast.success('Report queued again'),
              onError: (error) => toast.error(getErrorMessage(error, 'The report could not be retried.')),
            })
          }
        >
          Retry
        </PendingButton>
      </div>
    );
  }
  return null;
}

/** The Reports list (docs/product.md §3 report: type, period, created_by, created_at, size), newest first. */
export function ReportsTable({ reports, isFetching }: { reports: readonly Report[]; isFetching: boolean }) {
  return (
    <Table stacked aria-label="Reports" aria-busy={isFetching}>
      <TableHeader>
        <TableRow>
          <TableHead>Type</TableHead>
          <TableHead>Period</TableHead>
          <TableHead>Fund</TableHead>
          <TableHead>Created by</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">Size</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {reports.map((report) => (
          <TableRow key={report.id}>
            <TableCell className="font-medium">{report.type_label}</TableCell>
            <TableCell label="Period" className="whitespace-nowrap">
              {periodLabel(report)}
            </TableCell>
            <TableCell label="Fund">{report.fund?.name ?? 'All funds'}</TableCell>
            <TableCell label="Created by">{report.created_by?.name ?? 'Monthly schedule'}</TableCell>
            <TableCell label="Created" className="whitespace-nowrap">
              {formatDateTime(report.created_at)}
            </TableCell>
            <TableCell label="Size" className="text-right tabular-nums">
              {report.size === null ? '—' : formatBytes(report.size)}
            </TableCell>
            <TableCell label="Status" aria-live="polite">
              <ReportStatus report={report} />
            </TableCell>
            <TableCell>
              <ReportActions report={report} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
