import { SECURITY_TEXTS, type SystemConfigResponse, TEXTS } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, ShieldAlert, ShieldCheck, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { useMfaStats } from '../api/get-mfa-stats';

function StatCard({
  title,
  description,
  icon,
  isBusy,
  children,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  isBusy: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="gap-3" aria-busy={isBusy}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle as="h3" className="text-sm">
            {title}
          </CardTitle>
          <CardDescription className="text-xs">{description}</CardDescription>
        </div>
        <span className="text-muted-foreground [&>svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent className={cn('min-h-9', isBusy && 'opacity-60 transition-opacity')}>
        {children}
      </CardContent>
    </Card>
  );
}

function Figure({ value, isLoading }: { value: number | undefined; isLoading: boolean }) {
  if (value !== undefined) return <span className="font-semibold text-3xl tabular-nums">{value}</span>;
  return (
    <>
      <span className="font-semibold text-3xl text-muted-foreground" aria-hidden="true">
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
      <div className="grid gap-4 @2xl:grid-cols-3">
        <StatCard
          title="MFA-enabled users"
          description="Members with a verified authenticator app"
          icon={<UserCheck />}
          isBusy={stats.isFetching}
        >
          <Figure value={stats.data?.mfa_enabled_users} isLoading={stats.isPending} />
        </StatCard>
        <StatCard
          title="Failed attempts (last hour)"
          description="Wrong MFA codes entered by your members"
          icon={<ShieldAlert />}
          isBusy={stats.isFetching}
        >
          <Figure value={stats.data?.failed_attempts_1h} isLoading={stats.isPending} />
        </StatCard>
        <StatCard
          title="MFA status"
          description="Whether every user must set up MFA"
          icon={<ShieldCheck />}
          isBusy={config.isFetching}
        >
          {isEnforced === undefined ? (
            <span className="text-muted-foreground text-sm">
              {config.isError ? 'Not loaded' : TEXTS.loading}
            </span>
          ) : (
            <Badge variant={isEnforced ? 'success' : 'secondary'} className="px-2.5 py-1 text-sm">
              {isEnforced ? 'Enforced' : 'Optional'}
            </Badge>
          )}
        </StatCard>
      </div>
    </section>
  );
}
