import { RefreshCw, ServerCrash } from 'lucide-react';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { useMfaGate } from '@/features/auth/components/mfa-gate';
import { paths } from '@/lib/paths';
import { RealtimeEvents } from '@/lib/realtime';
import { SignedInSessionProvider, useSession } from '@/lib/session';

/**
 * The sign-in guard (docs/product.md §2): a spinner while the session loads, /auth when signed out (a 401),
 * the MFA dialog while the session still owes MFA (docs/product.md §4; the server refuses everything else to
 * it anyway), otherwise the routes below with the session at hand. A failure that is not a 401
 * (server down) is not a sign-out: it says so and offers a retry instead of looping through /auth.
 */
export function RequireSession() {
  const session = useSession();
  const mfaGate = useMfaGate(session.data);

  if (session.isPending) return <LoadingScreen />;
  if (mfaGate) return mfaGate;
  if (session.data) {
    return (
      <SignedInSessionProvider value={session.data}>
        <RealtimeEvents userId={session.data.user.id} />
        <Outlet />
      </SignedInSessionProvider>
    );
  }
  if (session.isError) {
    return (
      <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <ServerCrash className="size-8 text-muted-foreground" aria-hidden="true" />
        <div role="alert" className="space-y-1">
          <h1 className="font-semibold text-lg">Parley cannot be reached</h1>
          <p className="text-muted-foreground text-sm">Check your connection and try again.</p>
        </div>
        <Button variant="outline" onClick={() => void session.refetch()} disabled={session.isFetching}>
          <RefreshCw
            aria-hidden="true"
            className={session.isFetching ? 'motion-safe:animate-spin' : undefined}
          />
          Try again
        </Button>
      </div>
    );
  }
  return <Navigate to={paths.auth} replace />;
}
