import {
  actionForPreferences,
  type EmailPreferences,
  TEXTS,
  type UnsubscribeAction,
} from '@parley/contracts';
import { CircleAlert, CircleCheck, LoaderCircle, MailX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PublicShell } from '@/components/public-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useEmailPreferences, useUpdateEmailPreferences } from './api/email-preferences';

/** /email/unsubscribe?email=…&token=… (public, docs/product.md §2, §4, §5). */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  const token = searchParams.get('token') ?? '';

  return (
    <PublicShell>
      <Card className="w-full max-w-md">
        {email ? (
          <PreferencesForm email={email} token={token} />
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

function PreferencesForm({ email, token }: { email: string; token: string }) {
  const id = useId();
  const saved = useEmailPreferences(email, token);
  const update = useUpdateEmailPreferences();
  const [choice, setChoice] = useState<EmailPreferences | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  useEffect(() => {
    if (saved.data) setChoice(saved.data);
  }, [saved.data]);

  const header = (
    <CardHeader>
      <MailX className="mb-2 size-6 text-muted-foreground" aria-hidden="true" />
      <CardTitle as="h1" className="text-xl">
        Email Preferences
      </CardTitle>
      <CardDescription className="break-all">{email}</CardDescription>
    </CardHeader>
  );

  if (saved.isPending) {
    return (
      <>
        {header}
        <CardContent>
          <Spinner label={TEXTS.loading} className="py-6" />
        </CardContent>
      </>
    );
  }
  if (saved.isError || !choice) {
    return (
      <>
        {header}
        <CardContent>
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{TEXTS.invalidRequest}</AlertTitle>
            <AlertDescription>{getErrorMessage(saved.error, TEXTS.preferencesUpdateFailed)}</AlertDescription>
          </Alert>
        </CardContent>
      </>
    );
  }

  function send(action: UnsubscribeAction) {
    update.mutate(
      { email, token, action },
      {
        onSuccess: (result) => {
          setChoice({
            weekly_reports_enabled: result.weekly_reports_enabled,
            system_alerts_enabled: result.system_alerts_enabled,
          });
          setDoneMessage(result.message);
          void saved.refetch();
        },
        onError: (error) => toast.error(getErrorMessage(error, TEXTS.preferencesUpdateFailed)),
      },
    );
  }

  function onUpdate() {
    if (!choice || !saved.data) return;
    const isUnchangedAllOn =
      choice.weekly_reports_enabled &&
      choice.system_alerts_enabled &&
      saved.data.weekly_reports_enabled &&
      saved.data.system_alerts_enabled;
    // docs/product.md §5: with both enabled there is nothing to unsubscribe from.
    if (isUnchangedAllOn) {
      toast.info(TEXTS.preferencesNoChangesTitle, { description: TEXTS.preferencesNoChangesBody });
      return;
    }
    send(actionForPreferences(choice));
  }

  if (doneMessage) {
    return (
      <>
        {header}
        <CardContent className="grid gap-3">
          <Alert variant="success" role="status">
            <CircleCheck aria-hidden="true" />
            <AlertTitle>Preferences updated</AlertTitle>
            <AlertDescription>{doneMessage}</AlertDescription>
          </Alert>
          <ul className="grid gap-1 text-muted-foreground text-sm">
            <li>Weekly Reports: {choice.weekly_reports_enabled ? 'on' : 'off'}</li>
            <li>System Alerts: {choice.system_alerts_enabled ? 'on' : 'off'}</li>
          </ul>
        </CardContent>
        <CardFooter>
          <Button variant="outline" onClick={() => setDoneMessage(null)}>
            Change preferences
          </Button>
        </CardFooter>
      </>
    );
  }

  const isBusy = update.isPending;
  return (
    <>
      {header}
      <CardContent className="grid gap-4">
        <p className="text-muted-foreground text-sm">
          Choose which e-mails Parley may send to this address. Invitations, sign-in links and password resets
          are always sent.
        </p>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-weekly`}
            checked={choice.weekly_reports_enabled}
            onCheckedChange={(checked) => setChoice({ ...choice, weekly_reports_enabled: checked === true })}
            disabled={isBusy}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-weekly`}>Weekly Reports</Label>
            <p className="text-muted-foreground text-xs">The weekly summary of investor communications.</p>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-alerts`}
            checked={choice.system_alerts_enabled}
            onCheckedChange={(checked) => setChoice({ ...choice, system_alerts_enabled: checked === true })}
            disabled={isBusy}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-alerts`}>System Alerts</Label>
            <p className="text-muted-foreground text-xs">
              Deliverability and security alerts for your organisation.
            </p>
          </div>
        </div>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button onClick={onUpdate} disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : null}
          Update Preferences
        </Button>
        <Button variant="outline" onClick={() => send('all')} disabled={isBusy}>
          Unsubscribe from All
        </Button>
      </CardFooter>
    </>
  );
}
