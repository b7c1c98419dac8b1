import { type AnalyticsResponse, type AnalyticsShare, formatRole } from '@parley/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { type DrillTarget, drillOf } from '../analytics-drill';
import { formatShare } from '../analytics-figures';
import { DrillLink } from './drill-link';
import { Metric } from './metric';
import { TargetProgress } from './target-progress';

/** A share with its target (SPEC §9: 95% of drafts cite, 90% of replies come from a template). */
function ShareAgainstTarget({
  label,
  share,
  whole,
  missing,
  onDrill,
}: {
  label: string;
  share: AnalyticsShare & { target: number };
  /** What the share counts, plural ('drafts'). */
  whole: string;
  /** The drill-down of those that miss, and its words ('without citations'). */
  missing: { target: DrillTarget; text: string };
  onDrill: (target: DrillTarget) => void;
}) {
  const misses = share.total - share.count;
  return (
    <Metric
      label={label}
      value={
        <>
          {formatShare(share.value)}
          <span className="font-normal text-muted-foreground text-sm">
            target {formatShare(share.target)}
          </span>
        </>
      }
    >
      <TargetProgress label={label} value={share.value} target={share.target} />
      <span className="text-muted-foreground text-sm">
        {formatNumber(share.count)} of {formatNumber(share.total)} {whole}
      </span>
      {misses > 0 ? (
        <DrillLink target={missing.target} onDrill={onDrill}>
          {formatNumber(misses)} {missing.text}
        </DrillLink>
      ) : null}
    </Metric>
  );
}

/** docs/product.md §2 Analytics, adoption metrics against SPEC §9's targets, and active users per role. */
export function AdoptionCard({
  adoption,
  onDrill,
}: {
  adoption: AnalyticsResponse['adoption'];
  onDrill: (target: DrillTarget) => void;
}) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Adoption</CardTitle>
        <CardDescription>
          How drafting with sources and templates is taken up, against its targets.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-5">
          <ShareAgainstTarget
            label="Drafts with citations"
            share={adoption.drafts_with_citations}
            whole="drafts"
            missing={{ target: drillOf('without_citations'), text: 'without citations' }}
            onDrill={onDrill}
          />
          <ShareAgainstTarget
            label="Replies from an approved template"
            share={adoption.replies_from_template}
            whole="replies"
            missing={{ target: drillOf('not_from_template'), text: 'not from a template' }}
            onDrill={onDrill}
          />
          <div className="grid gap-2">
            <dt className="text-muted-foreground text-sm">Active users per role</dt>
            <dd>
              <ul className="grid gap-1.5 text-sm">
                {adoption.active_users.map((row) => (
                  <li key={row.role} className="flex items-baseline justify-between gap-3">
                    <span>{formatRole(row.role)}</span>
                    <span className="tabular-nums">
                      {formatNumber(row.active)} of {formatNumber(row.members)} active
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
