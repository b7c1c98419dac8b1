import { Link2Off } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { PublicShell } from '@/components/public-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { SetupForm } from './components/setup-form';

/**
 * /setup?token=… (public, docs/decisions/005-first-admin-before-invitations.md): the one-time link the server
 * prints on first start, while
 * the database has no users, creates the organisation and its first admin.
 */
export function SetupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  const session = useSession();

  if (session.isPending) return <LoadingScreen />;
  // Someone is signed in, so the organisation exists and the link has nothing left to do.
  if (session.data) return <Navigate to={paths.inbox} replace />;

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
                Copy the whole link that the server printed when Parley started, including the part after
                ?token=, and open it again.
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </PublicShell>
  );
}
