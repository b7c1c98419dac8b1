import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { PublicShell } from '@/components/public-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useIsInvitationAcceptable } from './api/preview-invitation';
import { InvitationPending } from './components/invitation-pending';
import { useMfaGate } from './components/mfa-gate';
import { SignInForm } from './components/sign-in-form';

/**
 * Only an invitation link needs it, so the plain sign-in page does not download it (docs/architecture.md,
 * "Code splitting").
 */
const InvitationPanel = lazy(async () => ({
  default: (await import('./components/invitation-panel')).InvitationPanel,
}));

/**
 * /auth and / (docs/product.md §2): sign-in; `?token=` carries an invitation, shown as 'Invitation Pending'
 * with the way to accept it (docs/product.md §4), and the sign-in form below for those who have an account.
 */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const invitationToken = searchParams.get('token')?.trim() || null;
  const session = useSession();
  const isInvitationAcceptable = useIsInvitationAcceptable(invitationToken);
  const mfaGate = useMfaGate(session.data);

  if (session.isPending) return <LoadingScreen />;
  // docs/product.md §2: a signed-in user without an invitation token has nothing to do here (the inbox's
  // guard shows the MFA dialog when the session still owes it).
  if (session.data && !invitationToken) return <Navigate to={paths.inbox} replace />;
  // docs/product.md §4 steps 3-6: with a token, MFA first, then the invitation is accepted as this user.
  if (mfaGate) return mfaGate;
  const signedIn = session.data ?? null;

  return (
    <PublicShell>
      <div className={cn('flex w-full flex-col gap-4', invitationToken ? 'max-w-md' : 'max-w-sm')}>
        {invitationToken ? (
          <Suspense fallback={<InvitationPending />}>
            <InvitationPanel token={invitationToken} session={signedIn} />
          </Suspense>
        ) : null}
        {signedIn ? null : (
          <Card>
            <CardHeader>
              <CardTitle as={isInvitationAcceptable ? 'h2' : 'h1'} className="text-xl">
                {isInvitationAcceptable ? 'Already have an account? Sign in' : 'Sign in'}
              </CardTitle>
              <CardDescription>Investor-relations workspace for invited staff.</CardDescription>
            </CardHeader>
            <CardContent>
              <SignInForm />
            </CardContent>
          </Card>
        )}
        {signedIn ? null : (
          <Alert variant="info">
            <ShieldCheck aria-hidden="true" />
            <AlertTitle>Invite-only platform</AlertTitle>
            <AlertDescription>
              Access is by invitation only; there is no self sign-up. Ask an admin of your organisation for an
              invitation.
            </AlertDescription>
          </Alert>
        )}
      </div>
    </PublicShell>
  );
}
