import { SECURITY_TEXTS } from '@parley/contracts';
import { ChevronDown, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSignedInSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useMfaStats } from './api/get-mfa-stats';
import { useSystemConfig } from './api/get-system-config';
import { MfaStatsCards } from './components/mfa-stats-cards';
import { SecurityPolicyCard } from './components/security-policy-card';
import { SsoProviderCard } from './components/sso-provider-card';
import { UserMfaStatusList } from './components/user-mfa-status-list';

/**
 * docs/product.md §2 Security settings: the MFA cards with Refresh, the sign-in policy toggles,
 * 'Send Test Magic Link', and 'View User MFA Status' — enabled in Parley
 * (docs/decisions/006-client-guards-on-every-gated-page.md), with a
 * per-member MFA reset.
 */
export function SecuritySettingsPage() {
  const { user } = useSignedInSession();
  const id = useId();
  const stats = useMfaStats();
  const config = useSystemConfig();
  const [isListOpen, setIsListOpen] = useState(false);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const isRefreshing = stats.isFetching || config.isFetching;

  // docs/product.md §8: each failed load of the statistics (the first, or a Refresh) toasts once; a fixed id
  // keeps React's development double effects from showing it twice.
  const failedAt = stats.isError ? stats.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(SECURITY_TEXTS.statsFailed, { id: `mfa-stats-failed-${failedAt}` });
  }, [failedAt]);

  // Opening the list moves focus to it, so keyboard and screen-reader users land where it appeared.
  useEffect(() => {
    if (isListOpen) listHeadingRef.current?.focus();
  }, [isListOpen]);

  const listId = `${id}-mfa-users`;

  return (
    <Page>
      <PageHeader
        title="Security Settings"
        subtitle="Authentication and MFA policies"
        actions={
          <Button
            variant="outline"
            onClick={() => {
              void stats.refetch();
              void config.refetch();
            }}
            disabled={isRefreshing}
            aria-busy={isRefreshing}
          >
            <RefreshCw className={isRefreshing ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
        }
      />

      <MfaStatsCards stats={stats} config={config} />
      <SecurityPolicyCard config={config} />
      <SsoProviderCard />

      <Card aria-labelledby={`${id}-users-title`}>
        <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={`${id}-users-title`}>Users' MFA</CardTitle>
            <CardDescription>
              Who has set up MFA, and a reset for a member who lost their authenticator app.
            </CardDescription>
          </div>
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            aria-expanded={isListOpen}
            aria-controls={listId}
            onClick={() => setIsListOpen((open) => !open)}
          >
            <ChevronDown
              className={cn('transition-transform', isListOpen && 'rotate-180')}
              aria-hidden="true"
            />
            {isListOpen ? 'Hide User MFA Status' : 'View User MFA Status'}
          </Button>
        </CardHeader>
        {isListOpen ? (
          <CardContent id={listId} className="grid gap-4">
            <h3 ref={listHeadingRef} tabIndex={-1} className="sr-only">
              User MFA status
            </h3>
            <UserMfaStatusList currentUserId={user.id} searchId={`${id}-mfa-search`} />
          </CardContent>
        ) : null}
      </Card>
    </Page>
  );
}
