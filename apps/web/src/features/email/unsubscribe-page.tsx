import { TEXTS } from '@parley/contracts';
import { CircleAlert, MailX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PublicShell } from '@/components/public-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** /email/unsubscribe?email=…&token=… (public, SPEC §2). */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim();

  return (
    <PublicShell>
      <Card className="w-full max-w-md">
        {email ? (
          <>
            <CardHeader>
              <MailX className="mb-2 size-6 text-muted-foreground" aria-hidden="true" />
              <CardTitle as="h1" className="text-xl">
                Email Preferences
              </CardTitle>
              <CardDescription className="break-all">{email}</CardDescription>
            </CardHeader>
            <CardContent className="text-muted-foreground text-sm">
              Managing email preferences arrives with email delivery; nothing can be changed here yet.
            </CardContent>
          </>
        ) : (
          <CardHeader>
            <CircleAlert className="mb-2 size-6 text-destructive" aria-hidden="true" />
            <CardTitle as="h1" className="text-xl">
              {TEXTS.invalidRequest}
            </CardTitle>
            <CardDescription>{TEXTS.unsubscribeEmailRequired}</CardDescription>
          </CardHeader>
        )}
      </Card>
    </PublicShell>
  );
}
