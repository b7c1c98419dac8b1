import { PASSKEY_TEXTS, passkeyNameSchema, type RegisterPasskeyResponse } from '@parley/contracts';
import { Fingerprint } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { passkeyErrorText } from '@/api/mfa/passkey-errors';
import { useRegisterPasskey } from '@/api/mfa/passkeys';
import { FormDialogFooter } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { isApiError } from '@/lib/api-client';

/**
 * Names a new passkey and runs its registration (the browser asks the user to touch the
 * authenticator). A refusal is shown under the field and announced; `onStepUpRequired` lets Settings
 * ask for a fresh verification and then try again.
 */
export function PasskeyNameForm({
  cancelLabel = 'Cancel',
  onRegistered,
  onCancel,
  onStepUpRequired,
}: {
  cancelLabel?: string;
  onRegistered: (result: RegisterPasskeyResponse) => void;
  onCancel: () => void;
  onStepUpRequired?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const register = useRegisterPasskey();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PASSKEY_TEXTS.nameRequired);
      return;
    }
    setError(undefined);
    register.mutate(parsed.data, {
      onSuccess: onRegistered,
      onError: (failure) => {
        if (isApiError(failure) && failure.code === 'MFA_STEP_UP_REQUIRED' && onStepUpRequired) {
          onStepUpRequired();
          return;
        }
        const message = passkeyErrorText(failure);
        setError(message);
        toast.error(message);
      },
    });
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-busy={register.isPending}>
      <FormField
        id={`${id}-name`}
        label={PASSKEY_TEXTS.nameLabel}
        placeholder={PASSKEY_TEXTS.namePlaceholder}
        value={name}
        maxLength={80}
        autoComplete="off"
        autoFocus
        error={error}
        hint={register.isPending ? PASSKEY_TEXTS.adding : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <FormDialogFooter
        confirmLabel={PASSKEY_TEXTS.add}
        confirmIcon={<Fingerprint aria-hidden="true" />}
        isPending={register.isPending}
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        isCancelDisabled={register.isPending}
      />
    </form>
  );
}
