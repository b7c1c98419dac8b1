import {
  EMAIL_HEALTH_TEXTS,
  emailHealthReportFileName,
  type LiveTestResponse,
  MAIL_DELIVERY_TEXTS,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { PendingButton } from '@/components/pending-button';
import { SectionError } from '@/components/section-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { downloadTextFile } from '@/lib/download';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type EmailEventFilters, useEmailEvents } from './api/email-events';
import { emailHealthKeys, useEmailHealth } from './api/get-email-health';
import { useRunLiveTest } from './api/run-live-test';
import { HealthBanner } from './components/health-banner';
import { HealthChecksList } from './components/health-checks-list';
import { InboundEmailCard } from './components/inbound-email-card';
import { KpiPanel } from './components/kpi-panel';
import { RecentEvents } from './components/recent-events';
import { emailHealthMarkdown } from './email-health-markdown';

/** docs/product.md §8: the data reloads this long after a live test, once its mail had a moment to move. */
const RELOAD_AFTER_TEST_MS = 2000;

/** What the toast says of a live test: 'Sent N test emails' only for mail an SMTP server took. */
function toastLiveTest(result: LiveTestResponse) {
  const sent = result.results.filter((r) => r.status === 'sent').length;
  if (sent === result.results.length) {
    toast.success(EMAIL_HEALTH_TEXTS.testDoneTitle, { description: EMAIL_HEALTH_TEXTS.testDoneBody(sent) });
  } else if (result.results.every((r) => r.status === 'stored')) {
    toast.warning(EMAIL_HEALTH_TEXTS.testDoneTitle, { description: MAIL_DELIVERY_TEXTS.stored });
  } else {
    const failed = result.results.find((r) => r.status !== 'sent');
    toast.error(EMAIL_HEALTH_TEXTS.testFailedTitle, {
      description: failed?.error ?? EMAIL_HEALTH_TEXTS.testFailedBody,
    });
  }
}

/**
 * docs/product.md §2 Email health monitor (admin only; the route's guard shows others 'Access Denied'):
 * the overall banner, Health Checks, KPIs & Stats and Recent Events, with Refresh, Export Report and Run
 * Live Test; then the inbound address and its latest deliveries (docs/decisions/058-inbound-email.md).
 */
export function EmailHealthPage() {
  const queryClient = useQueryClient();
  const report = useEmailHealth();
  const [filters, setFilters] = useState<EmailEventFilters>({ type: '', recipient: '' });
  const recipient = useDebouncedValue(filters.recipient, 300);
  const events = useEmailEvents({ type: filters.type, recipient });
  const liveTest = useRunLiveTest();
  const isRefreshing = report.isFetching || events.isFetching;

  // docs/product.md §8: a failed load toasts once per failure.
  const failedAt = report.isError ? report.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) {
      toast.error(EMAIL_HEALTH_TEXTS.loadFailedTitle, {
        id: `email-health-failed-${failedAt}`,
        description: EMAIL_HEALTH_TEXTS.loadFailedBody,
      });
    }
  }, [failedAt]);

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: emailHealthKeys.all });
  }

  function exportReport() {
    if (!report.data) return;
    const loaded = events.data?.pages.flatMap((page) => page.items) ?? [];
    downloadTextFile(
      emailHealthReportFileName(new Date()),
      emailHealthMarkdown(report.data, loaded),
      'text/markdown;charset=utf-8',
    );
    toast.success(EMAIL_HEALTH_TEXTS.exported);
  }

  function runLiveTest() {
    liveTest.mutate(undefined, {
      onSuccess: (result) => {
        toastLiveTest(result);
        window.setTimeout(refresh, RELOAD_AFTER_TEST_MS);
      },
      onError: () =>
        toast.error(EMAIL_HEALTH_TEXTS.testFailedTitle, { description: EMAIL_HEALTH_TEXTS.testFailedBody }),
    });
  }

  return (
    <Page>
      <PageHeader
        title="Email Health"
        subtitle="Delivery checks, KPIs and recent email events of the last 7 days"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={refresh} disabled={isRefreshing} aria-busy={isRefreshing}>
              <RefreshCw
                className={isRefreshing ? 'motion-safe:animate-spin' : undefined}
                aria-hidden="true"
              />
              Refresh
            </Button>
            <Button variant="outline" onClick={exportReport} disabled={!report.data}>
              <Download aria-hidden="true" />
              Export Report
            </Button>
            <PendingButton onClick={runLiveTest} isPending={liveTest.isPending} disabled={liveTest.isPending}>
              <Send aria-hidden="true" />
              Run Live Test
            </PendingButton>
          </div>
        }
      />

      {report.isPending ? (
        <Spinner label="Checking email health…" className="py-16" />
      ) : report.isError ? (
        <SectionError
          title={EMAIL_HEALTH_TEXTS.loadFailedBody}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <>
          <HealthBanner report={report.data} />
          <Tabs defaultValue="checks" className="gap-4">
            <TabsList>
              <TabsTrigger value="checks">Health Checks</TabsTrigger>
              <TabsTrigger value="kpis">KPIs &amp; Stats</TabsTrigger>
              <TabsTrigger value="events">Recent Events</TabsTrigger>
            </TabsList>
            <TabsContent value="checks">
              <HealthChecksList checks={report.data.checks} />
            </TabsContent>
            <TabsContent value="kpis">
              <KpiPanel kpis={report.data.kpis} />
            </TabsContent>
            <TabsContent value="events">
              <RecentEvents filters={filters} onFiltersChange={setFilters} query={events} />
            </TabsContent>
          </Tabs>
        </>
      )}
      {/* Below the report, so its own loading moves nothing above it. */}
      <InboundEmailCard />
    </Page>
  );
}
