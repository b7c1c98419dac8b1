import { type LegalHold, RETENTION_REASON_MAX_LENGTH, RETENTION_TEXTS } from '@parley/contracts';
import { Gavel, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useFundOptions } from '@/api/projects/list-projects';
import { CursorPagesPager, useCursorPages } from '@/components/cursor-pager';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormErrorAlert } from '@/components/form-error-alert';
import { FormField, TextareaField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage, getServerMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLegalHolds, usePlaceLegalHold, useReleaseLegalHold } from '../api/legal-holds';

type Status = 'active' | 'released';

/** What a hold covers, in words. */
export function holdTarget(hold: LegalHold): string {
  if (hold.scope === 'investor') return `Investor: ${hold.investor_email ?? ''}`;
  if (hold.scope === 'project') return `Fund: ${hold.project?.name ?? ''}`;
  return 'Everything';
}

/**
 * Legal holds (docs/decisions/030-data-retention.md): the active and released lists with who placed
 * and released each, when and why; placing and releasing each need a reason.
 */
export function LegalHoldsCard() {
  const id = useId();
  const listId = `${id}-list`;
  const [status, setStatus] = useState<Status>('active');
  const pages = useCursorPages();
  const holds = useLegalHolds(status, pages.cursor);
  const [placing, setPlacing] = useState(false);
  const [releasing, setReleasing] = useState<LegalHold | null>(null);

  function changeStatus(next: string) {
    setStatus(next as Status);
    pages.reset();
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle id={`${id}-title`}>Legal holds</CardTitle>
          <CardDescription>
            While a hold is active, nothing it covers can be deleted or erased, whatever its age.
          </CardDescription>
        </div>
        <Button onClick={() => setPlacing(true)}>
          <Plus aria-hidden="true" />
          Place hold
        </Button>
      </CardHeader>
      <CardContent id={listId} className="grid gap-4">
        <Tabs value={status} onValueChange={changeStatus}>
          <TabsList aria-label="Holds">
            <TabsTrigger value="active" controls={listId}>
              Active
            </TabsTrigger>
            <TabsTrigger value="released" controls={listId}>
              Released
            </TabsTrigger>
          </TabsList>
        </Tabs>
        {holds.isError && !holds.data ? (
          <Alert variant="destructive" role="alert">
            <AlertTitle>{getErrorMessage(holds.error, 'Failed to load legal holds')}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void holds.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !holds.data ? (
          <Spinner label="Loading legal holds" className="py-6" />
        ) : holds.data.holds.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground text-sm">
            {status === 'active' ? 'No active legal holds.' : 'No released legal holds.'}
          </p>
        ) : (
          <ul className="grid gap-3" aria-label={status === 'active' ? 'Active holds' : 'Released holds'}>
            {holds.data.holds.map((hold) => (
              <li key={hold.id} className="grid gap-1.5 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex items-center gap-2 font-medium">
                    <Gavel className="size-4 text-muted-foreground" aria-hidden="true" />
                    {holdTarget(hold)}
                  </span>
                  {hold.released_at ? (
                    <Badge variant="outline">Released</Badge>
                  ) : (
                    <Button variant="outline" size="sm" onClick={() => setReleasing(hold)}>
                      Release
                    </Button>
                  )}
                </div>
                <p>
                  <span className="text-muted-foreground">Why: </span>
                  {hold.reason}
                </p>
                <p className="text-muted-foreground text-xs">
                  Placed {formatDateTime(hold.placed_at)} by {hold.placed_by_name ?? 'a former member'}
                </p>
                {hold.released_at ? (
                  <p className="text-muted-foreground text-xs">
                    Released {formatDateTime(hold.released_at)} by{' '}
                    {hold.released_by_name ?? 'a former member'}: {hold.release_reason}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {holds.data ? (
          <CursorPagesPager pages={pages} nextCursor={holds.data.next_cursor} isFetching={holds.isFetching} />
        ) : null}
      </CardContent>
      <PlaceHoldDialog open={placing} onOpenChange={setPlacing} />
      <ReleaseHoldDialog hold={releasing} onClose={() => setReleasing(null)} />
    </Card>
  );
}

const SCOPE_OPTIONS = [
  { value: 'investor', label: 'An investor (by e-mail)' },
  { value: 'project', label: 'A fund' },
  { value: 'all', label: 'Everything' },
] as const;

function PlaceHoldDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [scope, setScope] = useState<'investor' | 'project' | 'all'>('investor');
  const [email, setEmail] = useState('');
  const [projectId, setProjectId] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const funds = useFundOptions();
  const place = usePlaceLegalHold();

  function close() {
    onOpenChange(false);
    setEmail('');
    setProjectId('');
    setReason('');
    setFields({});
    setFailure(undefined);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setFailure(undefined);
    const input =
      scope === 'investor'
        ? { scope, investor_email: email, reason }
        : scope === 'project'
          ? { scope, project_id: projectId, reason }
          : { scope, reason };
    place.mutate(input, {
      onSuccess: () => {
        toast.success(RETENTION_TEXTS.holdPlaced);
        close();
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setFields(error.fields);
        else setFailure(getServerMessage(error) ?? 'Failed to place the legal hold');
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={submit}
          noValidate
          aria-describedby={failure ? `${id}-failure` : undefined}
        >
          <FormDialogHeader
            title="Place a legal hold"
            description="Nothing the hold covers can be deleted or erased until it is released."
            icon={Gavel}
          />
          {failure ? <FormErrorAlert id={`${id}-failure`} title={failure} /> : null}
          <SelectField
            id={`${id}-scope`}
            label="Covers"
            value={scope}
            onValueChange={(value) => setScope(value as typeof scope)}
            options={SCOPE_OPTIONS}
            placeholder="Choose what the hold covers"
            error={fields.scope}
          />
          {scope === 'investor' ? (
            <FormField
              id={`${id}-email`}
              label="Investor email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fields.investor_email}
            />
          ) : null}
          {scope === 'project' ? (
            <SelectField
              id={`${id}-fund`}
              label="Fund"
              value={projectId}
              onValueChange={setProjectId}
              options={(funds.data ?? []).map((fund) => ({ value: fund.id, label: fund.name }))}
              placeholder={funds.isPending ? 'Loading funds…' : 'Choose a fund'}
              error={fields.project_id}
            />
          ) : null}
          <TextareaField
            id={`${id}-reason`}
            label="Reason"
            maxLength={RETENTION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={fields.reason}
            hint="For example the matter, subpoena or inquiry it is for."
          />
          <FormDialogFooter confirmLabel="Place hold" isPending={place.isPending} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReleaseHoldDialog({ hold, onClose }: { hold: LegalHold | null; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const release = useReleaseLegalHold();

  function close() {
    onClose();
    setReason('');
    setError(undefined);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!hold) return;
    setError(undefined);
    release.mutate(
      { id: hold.id, reason },
      {
        onSuccess: () => {
          toast.success(RETENTION_TEXTS.holdReleased);
          close();
        },
        onError: (failure) =>
          setError(
            (isApiError(failure) ? failure.fields?.reason : undefined) ??
              getServerMessage(failure) ??
              'Failed to release the legal hold',
          ),
      },
    );
  }

  return (
    <Dialog open={hold !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormDialogHeader
            title="Release legal hold"
            description={
              hold
                ? `${holdTarget(hold)}: records it covered can be deleted or erased again once their retention period ends.`
                : ''
            }
          />
          <TextareaField
            id={`${id}-reason`}
            label="Reason"
            maxLength={RETENTION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error}
          />
          <FormDialogFooter confirmLabel="Release hold" isPending={release.isPending} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
