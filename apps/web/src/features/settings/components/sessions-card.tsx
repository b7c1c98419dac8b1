import { MFA_TEXTS, type OwnSession } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, LogOut, MonitorSmartphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PendingButton } from '@/components/pending-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';
import { useOwnSessions } from '../api/list-own-sessions';
import { useRevokeOwnSession } from '../api/revoke-own-session';
import { describeUserAgent } from '../user-agent';
import { LoadFailedAlert } from './load-failed-alert';

/** docs/product.md §2 Settings: one's own signed-in sessions, and signing any of them out. */
export function SessionsCard() {
  const sessions = useOwnSessions();
  const revoke = useRevokeOwnSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];

  function onRevoke(session: OwnSession) {
    revoke.mutate(session.id, {
      onSuccess: async () => {
        toast.success(MFA_TEXTS.sessionRevoked);
        if (!session.current) return;
        // Signing out this very session is signing out.
        queryClient.removeQueries();
        queryClient.setQueryData(sessionQueryKey, null);
        await navigate(paths.auth, { replace: true });
      },
      onError: (error) => toast.error(getErrorMessage(error, 'Failed to sign out the session')),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MonitorSmartphone className="size-5" aria-hidden="true" />
          Sessions
        </CardTitle>
        <CardDescription>Where you are signed in. End any session you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? <Spinner label="Loading your sessions..." className="py-4" /> : null}
        {sessions.isError ? (
          <LoadFailedAlert
            title="Your sessions could not be loaded."
            onRetry={() => void sessions.refetch()}
          />
        ) : null}
        {sessions.data ? (
          <div className="overflow-x-auto">
            <Table stacked>
              <TableHeader>
                <TableRow>
                  <TableHead>Device</TableHead>
                  <TableHead>Address</TableHead>
                  <TableHead>Signed in</TableHead>
                  <TableHead>Last active</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((session) => (
                  <TableRow key={session.id} data-testid="own-session">
                    <TableCell>
                      <div className="flex flex-wrap items-center gap-2">
                        <span title={session.user_agent ?? undefined}>
                          {describeUserAgent(session.user_agent)}
                        </span>
                        {session.current ? <Badge variant="secondary">This session</Badge> : null}
                      </div>
                    </TableCell>
                    <TableCell label="Address" className="font-mono text-xs">
                      {session.client_address ?? 'Unknown'}
                    </TableCell>
                    <TableCell label="Signed in">{formatDateTime(session.created_at)}</TableCell>
                    <TableCell label="Last active">{formatDateTime(session.last_seen_at)}</TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={revoke.isPending}
                        aria-busy={revoke.isPending && revoke.variables === session.id}
                        onClick={() => onRevoke(session)}
                      >
                        {revoke.isPending && revoke.variables === session.id ? (
                          <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                        ) : (
                          <LogOut aria-hidden="true" />
                        )}
                        End session
                        {session.current ? <span className="sr-only"> (this one: signs you out)</span> : null}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
        {sessions.hasNextPage ? (
          <PendingButton
            variant="outline"
            className="justify-self-start"
            onClick={() => void sessions.fetchNextPage()}
            isPending={sessions.isFetchingNextPage}
          >
            Show more
          </PendingButton>
        ) : null}
      </CardContent>
    </Card>
  );
}
