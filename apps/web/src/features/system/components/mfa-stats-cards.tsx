import { SECURITY_TEXTS, type SystemConfigResponse, TEXTS } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, ShieldAlert, ShieldCheck, UserCheck } from 'lucide-react';
import { KpiCard } from '@/components/kpi-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import type { useMfaStats } from '../api/get-mfa-stats';

function Figure({ value, isLoading }: { value: number | undefined; isLoading: boolean }) {
  if (value !== undefined) return <>{value}</>;
  return (
    <>
      <span className="text-muted-foreground" aria-hidden="true">
        —
      </span>
      <span className="sr-only">{isLoading ? TEXTS.loading : 'Not loaded'}</span>
    </>
  );
}

/**
 * docs/product.md §2 Security settings: MFA-enabled users, failed attempts in the last hour (docs/product.md
 * §3 MFA stats),
 * and whether MFA is Enforced or Optional (system config mfa_totp_enforced).
 */
export function MfaStatsCards({
  stats,
  config,
}: {
  stats: ReturnType<typeof useMfaStats>;
  config: UseQueryResult<SystemConfigResponse>;
}) {
  const isEnforced = config.data?.mfa_totp_enforced;
  return (
    <section aria-labelledby="mfa-stats-title" className="@container grid gap-3">
      <h2 id="mfa-stats-title" className="sr-only">
        MFA statistics
      </h2>
      {stats.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{SECURITY_TEXTS.statsFailed}</AlertTitle>
          <AlertDescription>
            {stats.data ? 'The figures below are from the last successful load. ' : ''}Use Refresh to try
            again.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-3 gap-2 @2xl:gap-4">
        <KpiCard
          isCompactOnPhone
          label="MFA-enabled users"
          value={<Figure value={stats.data?.mfa_enabled_users} isLoading={stats.isPending} />}
          aside={
            stats.data ? (
              <span className="text-muted-foreground text-sm">of {stats.data.active_members}</span>
            ) : null
          }
          hint="Active members with a verified authenticator app"
          icon={<UserCheck />}
          isBusy={stats.isFetching}
        />
        <KpiCard
          isCompactOnPhone
          label="Failed attempts (last hour)"
          value={<Figure value={stats.data?.failed_attempts_1h} isLoading={stats.isPending} />}
          hint="Wrong MFA codes entered by your members"
          icon={<ShieldAlert />}
          isBusy={stats.isFetching}
        />
        <KpiCard
          isCompactOnPhone
          label="MFA status"
          value={
            isEnforced === undefined ? (
              <span className="font-normal text-muted-foreground text-sm">
                {config.isError ? 'Not loaded' : TEXTS.loading}
              </span>
            ) : (
              <Badge variant={isEnforced ? 'success' : 'secondary'} className="px-2.5 py-1 text-sm">
                {isEnforced ? 'Enforced' : 'Optional'}
              </Badge>
            )
          }
          hint="Whether every user must set up MFA"
          icon={<ShieldCheck />}
          isBusy={config.isFetching}
        />
      </div>
    </section>
  );
}
