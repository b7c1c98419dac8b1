import { ANALYTICS_TEXTS, type AnalyticsResponse } from '@parley/contracts';
import { SeverityBadge } from '@/components/severity-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { type DrillTarget, termDrillOf } from '../analytics-drill';

/** docs/product.md §2 Analytics: the most flagged terms with their severity; each lists its messages. */
export function FlaggedTermsCard({
  terms,
  onDrill,
}: {
  terms: AnalyticsResponse['flagged_terms'];
  onDrill: (target: DrillTarget) => void;
}) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Flagged terms</CardTitle>
        <CardDescription>
          The terms the compliance check flagged most in the period, by the messages that raised them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {terms.length === 0 ? (
          <p className="text-muted-foreground text-sm">{ANALYTICS_TEXTS.noFlags}</p>
        ) : (
          <ul className="-mx-2 divide-y">
            {terms.map((term) => (
              <li key={`${term.rule}:${term.term}`}>
                <button
                  type="button"
                  onClick={() => onDrill(termDrillOf(term.term))}
                  className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-accent/60"
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{term.term}</span>
                  <SeverityBadge severity={term.severity} />
                  <span className="w-12 text-right tabular-nums">
                    {formatNumber(term.count)}
                    <span className="sr-only"> {term.count === 1 ? 'message' : 'messages'}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
