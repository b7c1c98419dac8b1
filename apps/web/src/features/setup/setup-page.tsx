import { CircleCheck, Link2Off } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { PublicShell } from '@/components/public-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useSetupStatus } from './api/get-setup-status';
import { SetupForm } from './components/setup-form';

/**
 * /setup?token=… (public, docs/decisions/005-first-admin-before-invitations.md): the one-time link the server
 * prints on first start, while
 * the database has no users, creates the organisation and its first admin. Once anyone exists the
 * page says the instance is set up and links to sign-in (docs/decisions/048-no-placeholders.md).
 */
export function SetupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  const session = useSession();
  const status = useSetupStatus();

  if (session.isPending || status.isPending) return <LoadingScreen />;
  // Someone is signed in, so the organisation exists and the link has nothing left to do.
  if (session.data) return <Navigate to={paths.inbox} replace />;
  // A failed status read leaves the form: submitting it still gets the server's own answer.
  if (status.data?.is_set_up) return <AlreadySetUp />;

  return (
    <PublicShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            Set up Parley
          </CardTitle>
          <CardDescription>
            Create your organisation and its first admin account. This link works once.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {token ? (
            <SetupForm token={token} />
          ) : (
            <Alert variant="destructive">
              <Link2Off aria-hidden="true" />
              <AlertTitle>This setup link is incomplete.</AlertTitle>
              <AlertDescription>
                Copy the whole link that the server printed when Parley started, and open it again.
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </PublicShell>
  );
}

function AlreadySetUp() {
  return (
    <PublicShell>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="flex items-center gap-2 text-xl">
            <CircleCheck aria-hidden="true" className="size-5 text-status-pass" />
            Parley is already set up
          </CardTitle>
          <CardDescription>
            This workspace already has its organisation and first admin, so there is nothing left to set up
            here. Sign in with your account, or ask an admin for an invitation.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link to={paths.auth}>Go to sign in</Link>
          </Button>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
