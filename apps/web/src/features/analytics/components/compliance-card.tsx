import { ANALYTICS_TEXTS, type AnalyticsResponse } from '@parley/contracts';
import { OverridesList, UNKNOWN_MEMBER } from '@/components/overrides-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { type DrillTarget, drillOf, termDrillOf } from '../analytics-drill';
import { countOf, formatShare } from '../analytics-figures';
import { DrillLink } from './drill-link';
import { Metric } from './metric';

type Compliance = AnalyticsResponse['compliance'];

/**
 * docs/product.md §2 Analytics, compliance: what became of the flags of answered messages (fixed,
 * dismissed as not a problem, or sent), and the terms each author trips most.
 */
export function ComplianceCard({
  compliance,
  onDrill,
}: {
  compliance: Compliance;
  onDrill: (target: DrillTarget) => void;
}) {
  const { fixed, dismissed, sent, fix_rate } = compliance.flag_outcomes;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Compliance</CardTitle>
        <CardDescription>
          What became of the flags on answered messages, and who trips which terms.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-5">
          <Metric label="Flag → fix rate" value={formatShare(fix_rate)}>
            <span className="text-muted-foreground text-sm">
              {formatNumber(fixed)} fixed · {formatNumber(dismissed)} dismissed as not a problem ·{' '}
              {formatNumber(sent)} sent
            </span>
          </Metric>
          <div className="grid gap-2">
            <dt className="text-muted-foreground text-sm">Terms each author trips most</dt>
            <dd>
              {compliance.author_terms.length === 0 ? (
                <p className="text-muted-foreground text-sm">{ANALYTICS_TEXTS.noFlags}</p>
              ) : (
                <ul className="grid gap-3">
                  {compliance.author_terms.map((author) => {
                    const name = author.name ?? UNKNOWN_MEMBER;
                    return (
                      <li key={author.user_id} className="grid gap-1.5 text-sm">
                        <p className="flex items-baseline justify-between gap-3">
                          <span className="font-medium">{name}</span>
                          <span className="text-muted-foreground tabular-nums">
                            {countOf(author.flags, 'flag')}
                          </span>
                        </p>
                        <ul
                          className="flex flex-wrap gap-1.5"
                          aria-label={`Terms flagged in ${name}'s drafts`}
                        >
                          {author.terms.map((term) => (
                            <li key={term.term}>
                              <button
                                type="button"
                                onClick={() => onDrill(termDrillOf(term.term, { id: author.user_id, name }))}
                                className="inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs hover:bg-accent"
                              >
                                {term.term}
                                <span className="text-muted-foreground tabular-nums">
                                  ×{formatNumber(term.count)}
                                </span>
                              </button>
                            </li>
                          ))}
                        </ul>
                      </li>
                    );
                  })}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * Replies approved over unresolved high-severity flags, with the approver's reason (docs/product.md §2
 * Approvals): each opens its thread; the drill-down lists them all.
 */
export function OverridesCard({
  overrides,
  onDrill,
}: {
  overrides: Compliance['overrides'];
  onDrill: (target: DrillTarget) => void;
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Overrides</CardTitle>
          <CardDescription>
            {overrides.total === 0
              ? 'Replies approved over high-severity flags.'
              : `${countOf(overrides.total, 'reply', 'replies')} approved over high-severity flags.`}
          </CardDescription>
        </div>
        {overrides.total > 0 ? (
          <DrillLink target={drillOf('overrides')} onDrill={onDrill}>
            View all {formatNumber(overrides.total)}
          </DrillLink>
        ) : null}
      </CardHeader>
      <CardContent>
        {overrides.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{ANALYTICS_TEXTS.noOverrides}</p>
        ) : (
          <OverridesList items={overrides.items} />
        )}
      </CardContent>
    </Card>
  );
}
