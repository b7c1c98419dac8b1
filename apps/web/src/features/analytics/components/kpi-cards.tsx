import type { AnalyticsResponse } from '@parley/contracts';
import { ChevronRight } from 'lucide-react';
import { KpiCard } from '@/components/kpi-card';
import { type DrillTarget, drillOf } from '../analytics-drill';
import { countOf, type FigureKind, figureChange, formatFigure } from '../analytics-figures';
import { FigureChange } from './figure-change';

type Kpi = {
  key: string;
  title: string;
  kind: FigureKind;
  figure: { value: number | null; previous: number | null };
  /** The counts behind the figure. */
  detail: string;
  target: DrillTarget;
};

function kpisOf(data: AnalyticsResponse): Kpi[] {
  const { drafts_per_day, first_pass_approval, high_flags_per_100, average_rating } = data.kpis;
  return [
    {
      key: 'drafts',
      title: 'AI drafts per day',
      kind: 'draftsPerDay',
      figure: drafts_per_day,
      detail: `${countOf(drafts_per_day.count, 'draft')} in ${countOf(data.period.days, 'day')}`,
      target: drillOf('drafts'),
    },
    {
      key: 'first-pass',
      title: 'First-pass approval',
      kind: 'firstPass',
      figure: first_pass_approval,
      detail: `${first_pass_approval.count} of ${countOf(first_pass_approval.total, 'approved reply', 'approved replies')}`,
      target: drillOf('first_pass'),
    },
    {
      key: 'high-flags',
      title: 'High-severity flags per 100 messages',
      kind: 'highFlagsPer100',
      figure: high_flags_per_100,
      detail: `${countOf(high_flags_per_100.flags, 'high flag')} in ${countOf(high_flags_per_100.messages, 'message')}`,
      target: drillOf('high_flags'),
    },
    {
      key: 'rating',
      title: 'Average director rating',
      kind: 'rating',
      figure: average_rating,
      detail: countOf(average_rating.ratings, 'rating'),
      target: drillOf('rated'),
    },
  ];
}

/**
 * SPEC's four KPI cards (docs/product.md §2 Analytics): the value, its change against the previous period
 * and the counts behind it. Each card is a button that lists the messages behind the figure.
 */
export function KpiCards({
  data,
  onDrill,
}: {
  data: AnalyticsResponse;
  onDrill: (target: DrillTarget) => void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {kpisOf(data).map((kpi) => (
        <li key={kpi.key} className="flex">
          <KpiCard
            label={kpi.title}
            value={formatFigure(kpi.kind, kpi.figure.value)}
            aside={<FigureChange change={figureChange(kpi.kind, kpi.figure)} />}
            hint={kpi.detail}
            icon={<ChevronRight className="opacity-60 transition-transform group-hover:translate-x-0.5" />}
            onClick={() => onDrill(kpi.target)}
            cardTestId={`kpi-${kpi.key}`}
          />
        </li>
      ))}
    </ul>
  );
}
