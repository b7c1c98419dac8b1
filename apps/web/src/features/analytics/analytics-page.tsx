import {
  ANALYTICS_PRESET_DAYS,
  ANALYTICS_TEXTS,
  type AnalyticsResponse,
  hasCapability,
} from '@parley/contracts';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { analyticsViewParams, hasPeriodErrors, parseAnalyticsView } from '@/api/analytics/analytics-view';
import { useAnalytics } from '@/api/analytics/get-analytics';
import { useFundOptions } from '@/api/projects/list-projects';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { SectionError } from '@/components/section-error';
import { Card } from '@/components/ui/card';
import { useSignedInSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import type { DrillTarget } from './analytics-drill';
import { formatPeriod, periodDays, recentDays } from './analytics-period';
import { hasActivity } from './analytics-series';
import { AdoptionCard } from './components/adoption-card';
import { AnalyticsFilters } from './components/analytics-filters';
import { AnalyticsSkeleton, ChartsSkeleton } from './components/analytics-skeleton';
import { ComplianceCard, OverridesCard } from './components/compliance-card';
import { DrillSheet } from './components/drill-sheet';
import { FlaggedTermsCard } from './components/flagged-terms-card';
import { KpiCards } from './components/kpi-cards';
import { OperationalCard } from './components/operational-card';

/** recharts is loaded only here, and only once the page is open (the first page's JavaScript stays small). */
const loadCharts = () => import('./components/analytics-charts');
const AnalyticsCharts = lazy(loadCharts);

/**
 * Analytics (docs/product.md §2 Analytics): the period's KPIs against the previous period, their course
 * over time, flagged terms, and operational, adoption and compliance figures, each opening the messages
 * behind it. The period and fund are in the URL, so a view can be shared and survives a reload.
 */
export function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { view, errors } = useMemo(() => parseAnalyticsView(searchParams), [searchParams]);
  const canLoad = !hasPeriodErrors(errors);
  const analytics = useAnalytics(view, { enabled: canLoad });
  const funds = useFundOptions();
  const { role } = useSignedInSession();
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  /** The figure whose drill-down is open: focus goes back to it when the sheet closes. */
  const drillOpener = useRef<HTMLElement | null>(null);

  function openDrill(target: DrillTarget) {
    drillOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDrill(target);
  }

  // The charts' code downloads beside the figures rather than after them.
  useEffect(() => {
    void loadCharts();
  }, []);

  const fundOptions = useMemo(
    () => (funds.data ?? []).map((f) => ({ id: f.id, name: f.name })),
    [funds.data],
  );
  const data = analytics.data;
  const days = data ? periodDays(data.period) : null;
  const fundName = view.fund
    ? (fundOptions.find((f) => f.id === view.fund)?.name ?? 'One fund')
    : 'All funds';
  const scope = days ? `${formatPeriod(days.current)} · ${fundName}` : fundName;

  return (
    <Page>
      <PageHeader title={ANALYTICS_TEXTS.title} subtitle={ANALYTICS_TEXTS.subtitle} />
      <AnalyticsFilters
        view={view}
        errors={errors}
        funds={fundOptions}
        customStart={() => days?.current ?? recentDays(ANALYTICS_PRESET_DAYS['30d'])}
        onChange={(next) => setSearchParams(analyticsViewParams(next), { replace: true })}
      />
      {!canLoad ? (
        <Card className="border-dashed px-6 py-8 text-center text-muted-foreground text-sm shadow-none">
          Pick a period the figures can be computed for.
        </Card>
      ) : analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <SectionError
          title={ANALYTICS_TEXTS.loadFailed}
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
        />
      ) : data && days ? (
        <div
          className={cn(
            'flex flex-col gap-6 transition-opacity',
            analytics.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={analytics.isPlaceholderData}
        >
          <p className="text-muted-foreground text-sm" data-testid="analytics-scope">
            {scope}, compared with {formatPeriod(days.previous)}
          </p>
          <AnalyticsFigures
            data={data}
            canEditTarget={hasCapability(role, 'admin.manage')}
            onDrill={openDrill}
          />
        </div>
      ) : null}
      <DrillSheet
        target={drill}
        view={view}
        scope={scope}
        onClose={() => setDrill(null)}
        returnFocus={() => drillOpener.current?.focus()}
      />
    </Page>
  );
}

/** The figures of a loaded period, or the honest empty state when nothing happened in it. */
function AnalyticsFigures({
  data,
  canEditTarget,
  onDrill,
}: {
  data: AnalyticsResponse;
  canEditTarget: boolean;
  onDrill: (target: DrillTarget) => void;
}) {
  if (!hasActivity(data)) {
    return (
      <>
        <EmptyState
          icon={ChartColumn}
          title={ANALYTICS_TEXTS.empty}
          description={ANALYTICS_TEXTS.emptyHint}
        />
        {/* Messages from before the period may still wait, and admins set the target before any reply. */}
        {canEditTarget || data.operational.open_past_target > 0 ? (
          <OperationalCard operational={data.operational} canEditTarget={canEditTarget} onDrill={onDrill} />
        ) : null}
      </>
    );
  }
  return (
    <>
      <KpiCards data={data} onDrill={onDrill} />
      <Suspense fallback={<ChartsSkeleton />}>
        <AnalyticsCharts data={data} />
      </Suspense>
      <div className="grid gap-6 lg:grid-cols-2">
        <FlaggedTermsCard terms={data.flagged_terms} onDrill={onDrill} />
        <OperationalCard operational={data.operational} canEditTarget={canEditTarget} onDrill={onDrill} />
        <AdoptionCard adoption={data.adoption} onDrill={onDrill} />
        <ComplianceCard compliance={data.compliance} onDrill={onDrill} />
      </div>
      <OverridesCard overrides={data.compliance.overrides} onDrill={onDrill} />
    </>
  );
}
