import type { CheckStatus, HealthCheckDto } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

const STATUS_VARIANT: Record<CheckStatus, 'success' | 'warning' | 'destructive' | 'secondary' | 'outline'> = {
  PASS: 'success',
  WARN: 'warning',
  FAIL: 'destructive',
  INFO: 'secondary',
  SKIP: 'outline',
};

const detailText = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The Health Checks tab: each check's status, what it found, and its details on demand. */
export function HealthChecksList({ checks }: { checks: readonly HealthCheckDto[] }) {
  return (
    <ul className="grid gap-3" aria-label="Health checks">
      {checks.map((check) => (
        <li key={check.name}>
          <Card className="gap-2 py-4">
            <CardContent className="grid gap-2 px-4">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={STATUS_VARIANT[check.status]} data-testid="check-status">
                  {check.status}
                </Badge>
                <h3 className="font-medium">{check.name}</h3>
              </div>
              <p className="text-sm">{check.summary}</p>
              {Object.keys(check.details).length > 0 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer text-muted-foreground">Details</summary>
                  <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 break-all">
                    {Object.entries(check.details).map(([key, value]) => (
                      <div key={key} className="contents">
                        <dt className="font-mono text-muted-foreground text-xs">{key}</dt>
                        <dd className="font-mono text-xs">{detailText(value)}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              ) : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
