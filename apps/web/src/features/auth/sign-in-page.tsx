import { TEXTS } from '@parley/contracts';
import { MailOpen, ShieldCheck } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { PublicShell } from '@/components/public-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { SignInForm } from './components/sign-in-form';

/** /auth and / (SPEC §2): sign-in; `?token=` carries an invitation. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const invitationToken = searchParams.get('token');
  const session = useSession();

  if (session.isPending) return <LoadingScreen />;
  // SPEC §2: a signed-in user without an invitation token has nothing to do here.
  if (session.data && !invitationToken) return <Navigate to={paths.inbox} replace />;

  return (
    <PublicShell>
      <div className="flex w-full max-w-sm flex-col gap-4">
        {invitationToken ? (
          <Alert variant="info">
            <MailOpen aria-hidden="true" />
            <AlertTitle>{TEXTS.invitationPending}</AlertTitle>
            <AlertDescription>
              Accepting invitations is not available here yet. If you already have an account, sign in below.
            </AlertDescription>
          </Alert>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-xl">
              Sign in
            </CardTitle>
            <CardDescription>Investor-relations workspace for invited staff.</CardDescription>
          </CardHeader>
          <CardContent>
            <SignInForm />
          </CardContent>
        </Card>
        <Alert variant="info">
          <ShieldCheck aria-hidden="true" />
          <AlertTitle>Invite-only platform</AlertTitle>
          <AlertDescription>
            Access is by invitation only; there is no self sign-up. Ask an admin of your organisation for an
            invitation.
          </AlertDescription>
        </Alert>
      </div>
    </PublicShell>
  );
}
