import { KeyRound, Link2Off } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PublicShell } from '@/components/public-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { ResetPasswordForm } from './components/reset-password-form';

/**
 * /auth/reset?token=… (public, docs/product.md §2 Sign-in links): the e-mailed reset link. Opening it only
 * shows the form;
 * submitting it uses the link up, sets the password and signs the user out everywhere.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <PublicShell>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <KeyRound className="mb-2 size-6 text-muted-foreground" aria-hidden="true" />
          <CardTitle as="h1" className="text-xl">
            Choose a new password
          </CardTitle>
          <CardDescription>
            After the change, every device signed in to your account is signed out.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {token ? (
            <ResetPasswordForm token={token} />
          ) : (
            <Alert variant="destructive">
              <Link2Off aria-hidden="true" />
              <AlertTitle>This reset link is incomplete.</AlertTitle>
              <AlertDescription>
                <p>
                  Open the link from the e-mail again (if the e-mail split it over two lines, copy all of it),
                  or{' '}
                  <Link to={paths.forgotPassword} className="font-medium underline underline-offset-4">
                    request a new one
                  </Link>
                  .
                </p>
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </PublicShell>
  );
}
