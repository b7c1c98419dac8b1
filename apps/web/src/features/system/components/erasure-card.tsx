import { type ErasurePreview, RETENTION_REASON_MAX_LENGTH, RETENTION_TEXTS } from '@parley/contracts';
import { UserX } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField, TextareaField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastFailure } from '@/lib/toast-failure';
import { usePreviewErasure, useRequestErasure } from '../api/erasure';
import { holdTarget } from './legal-holds-card';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the confirmation says will happen, from the server's preview. */
function ErasureConsequences({ preview }: { preview: ErasurePreview }) {
  const changed = preview.messages_pseudonymised + preview.emails_pseudonymised;
  const kept = preview.messages_retained + preview.emails_retained;
  if (changed + kept === 0)
    return (
      <ul className="grid list-disc gap-1.5 pl-5 text-sm">
        <li>Parley holds no message from this address and no reply to it: nothing will change.</li>
        <li>
          The audit log records that the request was received and handled, with its reason and a pseudonym,
          never the e-mail address.
        </li>
      </ul>
    );
  return (
    <ul className="grid list-disc gap-1.5 pl-5 text-sm">
      <li>
        {changed === 0
          ? 'No record is old enough to be pseudonymised now.'
          : `${plural(preview.messages_pseudonymised, 'message', 'messages')} and ${plural(preview.emails_pseudonymised, 'reply e-mail', 'reply e-mails')} past the retention period will show “${preview.pseudonym}” instead of the investor’s name and e-mail address, in their text too. This cannot be undone.`}
      </li>
      <li>
        {kept === 0
          ? 'No record has to be kept as it was made.'
          : `${plural(preview.messages_retained, 'message', 'messages')} and ${plural(preview.emails_retained, 'reply e-mail', 'reply e-mails')} are still inside the retention period and stay as they were made until ${preview.retained_until ? formatDate(`${preview.retained_until}T00:00:00Z`) : '—'}; make another request then.`}
      </li>
      <li>
        The audit log records the request with its reason, the counts and the pseudonym, never the name or
        e-mail address.
      </li>
    </ul>
  );
}

/**
 * An erasure request for an investor's personal data (docs/decisions/030-data-retention.md): the
 * server previews it, the confirmation names what will happen, and a legal hold refuses it.
 */
export function ErasureCard() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ErasurePreview | null>(null);
  const previewing = usePreviewErasure();
  const erase = useRequestErasure();

  function review(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!reason.trim()) next.reason = 'Reason is required';
    setFields(next);
    previewing.mutate(
      { investor_email: email },
      {
        onSuccess: (result) => {
          if (Object.keys(next).length === 0) setPreview(result);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields?.investor_email)
            setFields({ ...next, investor_email: error.fields.investor_email });
          else toastFailure('Failed to prepare the erasure', error);
        },
      },
    );
  }

  function confirm() {
    erase.mutate(
      { investor_email: email, reason },
      {
        onSuccess: (result) => {
          toast.success(RETENTION_TEXTS.erasureDone, {
            description: `${plural(result.messages_pseudonymised, 'message', 'messages')} now show “${result.pseudonym}”.`,
          });
          setPreview(null);
          setEmail('');
          setReason('');
        },
        onError: (error) => {
          setPreview(null);
          toastFailure('Failed to erase the investor’s data', error);
        },
      },
    );
  }

  const blocked = preview !== null && preview.blocking_holds.length > 0;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Erasure request</CardTitle>
        <CardDescription>
          When an investor asks for their personal data to be erased: records past the retention period get a
          pseudonym; records Parley must keep stay as they were made until their period ends.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-xl gap-4" onSubmit={review} noValidate>
          <FormField
            id={`${id}-email`}
            label="Investor email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fields.investor_email}
          />
          <TextareaField
            id={`${id}-reason`}
            label="Reason"
            maxLength={RETENTION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={fields.reason}
            hint="For example the date and channel of the investor's request. Do not repeat their name here."
          />
          <PendingButton
            type="submit"
            variant="destructive"
            className="w-fit"
            isPending={previewing.isPending}
          >
            <UserX aria-hidden="true" />
            Review erasure
          </PendingButton>
        </form>
      </CardContent>
      <ConfirmDialog
        open={preview !== null}
        onOpenChange={(open) => (open ? undefined : setPreview(null))}
        title={blocked ? 'A legal hold covers this investor' : `Erase ${email.trim()}’s personal data?`}
        description={
          blocked
            ? 'Erasure is refused while any of these holds is active. Release them first if the matter allows it.'
            : 'This is what will happen:'
        }
        confirmLabel={blocked ? 'Close' : 'Erase personal data'}
        isDestructive={!blocked}
        isPending={erase.isPending}
        onConfirm={blocked ? () => setPreview(null) : confirm}
      >
        {preview ? (
          blocked ? (
            <Alert variant="destructive">
              <AlertTitle>Active holds</AlertTitle>
              <AlertDescription>
                <ul className="grid list-disc gap-1 pl-5">
                  {preview.blocking_holds.map((hold) => (
                    <li key={hold.id}>
                      {holdTarget(hold)} — {hold.reason}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          ) : (
            <ErasureConsequences preview={preview} />
          )
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
