import type { AnalyticsResponse } from '@parley/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { type DrillTarget, drillOf } from '../analytics-drill';
import { countOf, figureChange, formatFigure, formatShare } from '../analytics-figures';
import { DrillLink } from './drill-link';
import { FigureChange } from './figure-change';
import { Metric } from './metric';
import { ResponseTargetForm } from './response-target-form';

/**
 * docs/product.md §2 Analytics, operational metrics against the organisation's response-time target:
 * median times to the first reply and in approval, replies within the target, and messages still open
 * past it. Admins change the target here.
 */
export function OperationalCard({
  operational,
  canEditTarget,
  onDrill,
}: {
  operational: AnalyticsResponse['operational'];
  canEditTarget: boolean;
  onDrill: (target: DrillTarget) => void;
}) {
  const { target_business_days: days, replies_within_target: within } = operational;
  const targetText = `within ${countOf(days, 'business day')}`;
  const late = within.total - within.count;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Operational</CardTitle>
        <CardDescription>
          Response times against the target of {countOf(days, 'business day')}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-5 sm:grid-cols-2">
          <Metric
            label="Median time to first reply"
            value={
              <>
                {formatFigure('hours', operational.median_first_reply_hours.value)}
                <FigureChange change={figureChange('hours', operational.median_first_reply_hours)} />
              </>
            }
          />
          <Metric
            label="Median time in approval"
            value={
              <>
                {formatFigure('hours', operational.median_approval_hours.value)}
                <FigureChange change={figureChange('hours', operational.median_approval_hours)} />
              </>
            }
          />
          <Metric label="Replies within the target" value={formatShare(within.value)}>
            <span className="text-muted-foreground text-sm">
              {formatNumber(within.count)} of {formatNumber(within.total)} {targetText}
            </span>
            {late > 0 ? (
              <DrillLink target={drillOf('replied_late')} onDrill={onDrill}>
                {countOf(late, 'reply', 'replies')} later than the target
              </DrillLink>
            ) : null}
          </Metric>
          <Metric label="Open past the target" value={formatNumber(operational.open_past_target)}>
            {operational.open_past_target > 0 ? (
              <DrillLink target={drillOf('open_past_target')} onDrill={onDrill}>
                View the {countOf(operational.open_past_target, 'message')}
              </DrillLink>
            ) : (
              <span className="text-muted-foreground text-sm">Nothing waiting longer than the target</span>
            )}
          </Metric>
        </dl>
        {canEditTarget ? <ResponseTargetForm key={days} businessDays={days} /> : null}
      </CardContent>
    </Card>
  );
}
