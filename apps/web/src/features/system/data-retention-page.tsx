import { RETENTION_TEXTS, TEXTS } from '@parley/contracts';
import { CircleAlert } from 'lucide-react';
import { BackLink } from '@/components/back-link';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useRetention } from './api/get-retention';
import { ErasureCard } from './components/erasure-card';
import { LegalHoldsCard } from './components/legal-holds-card';
import { RetentionPeriodCard } from './components/retention-period-card';

/**
 * The Admin panel's Data Retention tile opens this page (docs/decisions/030-data-retention.md): the
 * retention period, legal holds and erasure requests.
 */
export function DataRetentionPage() {
  const summary = useRetention();
  return (
    <Page>
      <BackLink to={paths.admin}>Back to Admin</BackLink>
      <PageHeader
        title={RETENTION_TEXTS.title}
        subtitle="How long correspondence and records are kept, legal holds, and erasure requests"
      />
      {summary.isError && !summary.data ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{getErrorMessage(summary.error, RETENTION_TEXTS.loadFailed)}</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : !summary.data ? (
        <Spinner label={TEXTS.loading} className="py-12" />
      ) : (
        <>
          <RetentionPeriodCard key={summary.data.retention_years} summary={summary.data} />
          <LegalHoldsCard />
          <ErasureCard />
        </>
      )}
    </Page>
  );
}
