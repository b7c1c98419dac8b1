import { useQueryClient } from '@tanstack/react-query';
import { Info, Link2Off, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormErrorAlert } from '@/components/form-error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { PendingButton } from '@/components/pending-button';
import { PublicShell } from '@/components/public-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { sessionQueryKey, useSession } from '@/lib/session';
import { useConsumeMagicLink } from './api/consume-magic-link';

const SIGN_IN_FAILED = 'This sign-in link could not be used. Request a new one.';

/**
 * /auth/magic?token=… (public, docs/product.md §2 Sign-in links). Opening the e-mailed link only shows this
 * page, so a mail
 * scanner that fetches the link does not use it up; the button does, with a POST.
 */
export function MagicLinkPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const session = useSession();

  if (session.isPending) return <LoadingScreen />;

  return (
    <PublicShell>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <MailCheck className="mb-2 size-6 text-muted-foreground" aria-hidden="true" />
          <CardTitle as="h1" className="text-xl">
            Your sign-in link
          </CardTitle>
          <CardDescription>The link works once, for 15 minutes after it was sent.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {session.data ? (
            <Alert variant="info">
              <Info aria-hidden="true" />
              <AlertTitle className="break-all">You are signed in as {session.data.user.email}.</AlertTitle>
              <AlertDescription>
                <p>
                  The link signs in the person it was sent to.{' '}
                  <Link to={paths.inbox} className="font-medium text-foreground underline underline-offset-4">
                    Go to the inbox
                  </Link>{' '}
                  to stay as you are.
                </p>
              </AlertDescription>
            </Alert>
          ) : null}
          {token ? <ConsumeButton token={token} /> : <IncompleteLink />}
        </CardContent>
      </Card>
    </PublicShell>
  );
}

function ConsumeButton({ token }: { token: string }) {
  const id = useId();
  const [error, setError] = useState<{ message: string; canRetry: boolean } | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const consume = useConsumeMagicLink();

  function onSignIn() {
    if (consume.isPending) return;
    setError(null);
    consume.mutate(
      { token },
      {
        onSuccess: async (response) => {
          queryClient.setQueryData(sessionQueryKey, response);
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          // docs/product.md §4: a link never skips MFA: the inbox's guard shows the MFA dialog while it is
          // owed.
          await navigate(paths.inbox, { replace: true });
        },
        onError: (failure) =>
          setError({
            message: getErrorMessage(failure, SIGN_IN_FAILED),
            // The server said no (used, expired, refused): trying again cannot help. A lost
            // connection or a server error can.
            canRetry: !(isApiError(failure) && failure.isFromServer && failure.status < 500),
          }),
      },
    );
  }

  return (
    <>
      {/* A link the server refused stays refused: its button goes, the way back stays. */}
      {error?.canRetry === false ? null : (
        <PendingButton
          onClick={onSignIn}
          aria-describedby={error ? `${id}-error` : undefined}
          isPending={consume.isPending}
        >
          Sign in to Parley
        </PendingButton>
      )}
      {error ? (
        <FormErrorAlert
          id={`${id}-error`}
          title={error.message}
          description={
            <p>
              <Link to={paths.auth} className="font-medium underline underline-offset-4">
                Back to sign in
              </Link>
            </p>
          }
        />
      ) : null}
    </>
  );
}

function IncompleteLink() {
  return (
    <Alert variant="destructive">
      <Link2Off aria-hidden="true" />
      <AlertTitle>This sign-in link is incomplete.</AlertTitle>
      <AlertDescription>
        <p>
          Open the link from the e-mail again (if the e-mail split it over two lines, copy all of it), or{' '}
          <Link to={paths.auth} className="font-medium underline underline-offset-4">
            request a new one
          </Link>
          .
        </p>
      </AlertDescription>
    </Alert>
  );
}
