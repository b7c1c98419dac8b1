import { PASSKEY_TEXTS, type Passkey, passkeyNameSchema } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Fingerprint, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useMfaStatus } from '@/api/mfa/mfa-status';
import { passkeyErrorText } from '@/api/mfa/passkey-errors';
import { usePasskeys, useRemovePasskey, useRenamePasskey } from '@/api/mfa/passkeys';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { PasskeyNameForm } from '@/components/mfa/passkey-name-form';
import { RecoveryCodesDialog } from '@/components/mfa/recovery-codes-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { sessionQueryKey } from '@/lib/session';
import { LoadFailedAlert } from './load-failed-alert';
import { StepUpDialog } from './step-up-dialog';

type GuardedAction = { kind: 'add' } | { kind: 'remove'; passkey: Passkey };

const STEP_UP_REASONS = {
  add: 'Enter the current code from your authenticator app, or use a passkey, to add a passkey.',
  remove: 'Enter the current code from your authenticator app, or use a passkey, to remove a passkey.',
} as const;

/**
 * Settings: one's own passkeys (docs/decisions/057-passkeys.md) — add one with a name, rename, remove.
 * Adding a second factor and removing one need a verification from the last 5 minutes: when the
 * server says there is none, the step-up dialog asks for it and the action carries on.
 */
export function PasskeysCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [isAdding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState<Passkey | null>(null);
  const [stepUpFor, setStepUpFor] = useState<GuardedAction | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const hasFactor = Boolean(status.data && (status.data.enrolled || status.data.passkey_count > 0));

  function perform(action: GuardedAction) {
    if (action.kind === 'add') {
      setAdding(true);
      return;
    }
    remove.mutate(action.passkey.id, {
      onSuccess: () => toast.success(PASSKEY_TEXTS.removed),
      onError: (error) => {
        if (isApiError(error) && error.code === 'MFA_STEP_UP_REQUIRED') {
          setStepUpFor(action);
          return;
        }
        toast.error(passkeyErrorText(error));
      },
    });
  }

  /** With a recent verification (or no factor yet, when adding), at once; otherwise ask first. */
  function run(action: GuardedAction) {
    const isFree = action.kind === 'add' && !hasFactor;
    if (isFree || status.data?.recently_verified) perform(action);
    else setStepUpFor(action);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Fingerprint className="size-5" aria-hidden="true" />
          {PASSKEY_TEXTS.cardTitle}
        </CardTitle>
        <CardDescription>{PASSKEY_TEXTS.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? <Spinner label="Loading your passkeys..." className="py-4" /> : null}
        {passkeys.isError ? (
          <LoadFailedAlert
            title="Your passkeys could not be loaded."
            onRetry={() => void passkeys.refetch()}
          />
        ) : null}
        {passkeys.data ? (
          passkeys.data.items.length === 0 ? (
            <p className="text-muted-foreground text-sm">{PASSKEY_TEXTS.none}</p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label={PASSKEY_TEXTS.cardTitle}>
              {passkeys.data.items.map((passkey) => (
                <li
                  key={passkey.id}
                  className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="passkey-row"
                >
                  <div className="grid min-w-0 gap-1">
                    <span className="flex items-center gap-2 break-words font-medium text-sm">
                      {passkey.name}
                      {passkey.backed_up ? <Badge variant="outline">{PASSKEY_TEXTS.synced}</Badge> : null}
                    </span>
                    <span className="text-muted-foreground text-xs">
                      {PASSKEY_TEXTS.created} {formatDate(passkey.created_at)} ·{' '}
                      {passkey.last_used_at
                        ? `${PASSKEY_TEXTS.lastUsed} ${formatDate(passkey.last_used_at)}`
                        : PASSKEY_TEXTS.neverUsed}
                    </span>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setRenaming(passkey)}
                      aria-label={`${PASSKEY_TEXTS.rename} ${passkey.name}`}
                    >
                      <Pencil aria-hidden="true" />
                      {PASSKEY_TEXTS.rename}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setConfirmingRemove(passkey)}
                      disabled={remove.isPending}
                      aria-label={`${PASSKEY_TEXTS.remove} ${passkey.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      {PASSKEY_TEXTS.remove}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : null}
        <div>
          <Button onClick={() => run({ kind: 'add' })} disabled={!status.data}>
            <Fingerprint aria-hidden="true" />
            {PASSKEY_TEXTS.add}
          </Button>
        </div>
      </CardContent>

      <Dialog open={isAdding} onOpenChange={setAdding}>
        <DialogContent>
          <FormDialogHeader
            icon={Fingerprint}
            title={PASSKEY_TEXTS.add}
            description="Name the passkey, then follow your browser's prompt to create it on this device or a security key."
          />
          {isAdding ? (
            <PasskeyNameForm
              onCancel={() => setAdding(false)}
              onStepUpRequired={() => {
                setAdding(false);
                setStepUpFor({ kind: 'add' });
              }}
              onRegistered={(result) => {
                setAdding(false);
                toast.success(result.message);
                if (result.recovery_codes.length > 0) setNewCodes(result.recovery_codes);
                void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
      >
        <DialogContent>
          <FormDialogHeader
            title="Rename passkey"
            description="A name that tells you which device holds it."
          />
          {renaming ? <RenameForm passkey={renaming} onDone={() => setRenaming(null)} /> : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={confirmingRemove !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingRemove(null);
        }}
        title={PASSKEY_TEXTS.removeTitle}
        description={PASSKEY_TEXTS.removeDescription}
        confirmLabel={PASSKEY_TEXTS.remove}
        isDestructive
        closeOnConfirm
        onConfirm={() => {
          if (confirmingRemove) run({ kind: 'remove', passkey: confirmingRemove });
          setConfirmingRemove(null);
        }}
      />

      <StepUpDialog
        open={stepUpFor !== null}
        reason={stepUpFor ? STEP_UP_REASONS[stepUpFor.kind] : ''}
        onOpenChange={(open) => {
          if (!open) setStepUpFor(null);
        }}
        onVerified={() => {
          const action = stepUpFor;
          setStepUpFor(null);
          if (action) perform(action);
        }}
      />

      <RecoveryCodesDialog
        codes={newCodes}
        account={email}
        title="Save your recovery codes"
        description="Your passkey is your first factor: these codes let you in if you lose it."
        onClose={() => setNewCodes(null)}
      />
    </Card>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenamePasskey();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rename.isPending) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PASSKEY_TEXTS.nameRequired);
      return;
    }
    rename.mutate(
      { id: passkey.id, name: parsed.data },
      {
        onSuccess: () => {
          toast.success(PASSKEY_TEXTS.renamed);
          onDone();
        },
        onError: (failure) => {
          const message = passkeyErrorText(failure);
          setError(message);
          toast.error(message);
        },
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-busy={rename.isPending}>
      <FormField
        id={`${id}-name`}
        label={PASSKEY_TEXTS.nameLabel}
        value={name}
        maxLength={80}
        autoComplete="off"
        autoFocus
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <FormDialogFooter confirmLabel="Save" isPending={rename.isPending} onCancel={onDone} />
    </form>
  );
}
