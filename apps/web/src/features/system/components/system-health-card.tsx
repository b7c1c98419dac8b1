import { AUDIT_CHAIN_TEXTS, type SystemHealthResponse, TEXTS } from '@parley/contracts';
import { CircleAlert, RefreshCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';
import { RelativeTime } from '@/components/relative-time';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { chainVerdict } from '@/lib/audit-chain-status';
import { formatDateTime } from '@/lib/format';
import { useSystemHealth } from '../api/get-system-health';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-3 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-muted-foreground text-sm">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2 text-sm">{children}</dd>
    </div>
  );
}

function YesNo({ value }: { value: boolean }) {
  return <Badge variant={value ? 'success' : 'secondary'}>{value ? 'Yes' : 'No'}</Badge>;
}

const VERDICT_BADGES = { pass: 'success', fail: 'destructive', none: 'secondary' } as const;

/** The audit chain's last recorded verification and last checkpoint (docs/audit-format.md). */
function AuditChainRows({ chain }: { chain: SystemHealthResponse['audit_chain'] }) {
  const verification = chain.last_verification;
  const verdict = chainVerdict(verification);
  return (
    <>
      <Row label="Audit chain">
        <Badge variant={VERDICT_BADGES[verdict.tone]}>{verdict.label}</Badge>
        {verification ? (
          <span className="text-muted-foreground">
            {verdict.entries} · <RelativeTime at={verification.verified_at} />
          </span>
        ) : null}
        {verdict.problem ? <span className="w-full text-status-fail text-xs">{verdict.problem}</span> : null}
      </Row>
      <Row label="Last checkpoint">
        {chain.last_checkpoint ? (
          <RelativeTime at={chain.last_checkpoint.signed_at} />
        ) : (
          <span className="text-muted-foreground">{AUDIT_CHAIN_TEXTS.noCheckpoint}</span>
        )}
      </Row>
    </>
  );
}

function HealthDetails({ health }: { health: SystemHealthResponse }) {
  const origin = health.allowed_origin;
  const report = health.last_weekly_report;
  return (
    <dl>
      <Row label="Allowed origin">
        <code className="break-all rounded bg-muted px-1.5 py-0.5 text-xs">{origin.configured}</code>
        {origin.matches ? (
          <Badge variant="success">Matches this page</Badge>
        ) : (
          <>
            <Badge variant="warning">
              <TriangleAlert aria-hidden="true" />
              Mismatch
            </Badge>
            <span className="w-full text-muted-foreground text-xs">
              This page: <code className="break-all">{origin.request_origin ?? 'unknown'}</code>
            </span>
          </>
        )}
      </Row>
      <Row label="HSTS active">
        <YesNo value={health.hsts_active} />
      </Row>
      <Row label="Pending invitations">
        <span className="font-medium tabular-nums">{health.pending_invitations}</span>
      </Row>
      <Row label="Last weekly report">
        <span>{report.at ? formatDateTime(report.at) : 'Never'}</span>
        {report.is_overdue ? (
          <Badge variant="warning">
            <TriangleAlert aria-hidden="true" />
            Overdue
          </Badge>
        ) : null}
      </Row>
      <Row label="SSO required">
        <YesNo value={health.sso_required} />
      </Row>
      <AuditChainRows chain={health.audit_chain} />
      <Row label="Guardrail checks">
        {health.guardrail_notes.length === 0 ? (
          <span className="text-muted-foreground">No notes</span>
        ) : (
          <ul className="grid list-disc gap-1 pl-4 text-muted-foreground">
            {health.guardrail_notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </Row>
    </dl>
  );
}

/**
 * docs/product.md §2: the live System Health card, with Refresh and docs/product.md §8's 'Failed to load
 * system health'.
 */
export function SystemHealthCard() {
  const health = useSystemHealth();

  // Each failed load (the first, or a Refresh) toasts once; a fixed id keeps React's development
  // double effects from showing it twice.
  const failedAt = health.isError ? health.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(TEXTS.systemHealthFailed, { id: `system-health-failed-${failedAt}` });
  }, [failedAt]);

  return (
    <Card aria-labelledby="system-health-title" aria-busy={health.isFetching}>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="system-health-title">System Health</CardTitle>
          <CardDescription>Computed now for your organisation</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
          aria-busy={health.isFetching}
        >
          <RefreshCw
            className={health.isFetching ? 'motion-safe:animate-spin' : undefined}
            aria-hidden="true"
          />
          Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {health.data ? (
          <HealthDetails health={health.data} />
        ) : health.isError ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{TEXTS.systemHealthFailed}</AlertTitle>
            <AlertDescription>Use Refresh to try again.</AlertDescription>
          </Alert>
        ) : (
          <Spinner label={TEXTS.loading} className="py-8" />
        )}
        {health.data && health.isError ? (
          <p role="alert" className="mt-3 text-destructive text-sm">
            {TEXTS.systemHealthFailed}. The figures above are from the last successful load.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
