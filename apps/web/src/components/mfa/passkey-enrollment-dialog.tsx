import { MFA_TEXTS, PASSKEY_TEXTS, totpCodeSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { verifyLogin } from '@/api/mfa/totp';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { CodeField } from './code-field';
import { PasskeyNameForm } from './passkey-name-form';
import { RecoveryCodes } from './recovery-codes';

type Step = 'code' | 'name' | 'recovery';

/** The MFA steps end only through their buttons. */
const stayOpen = {
  onEscapeKeyDown: (event: Event) => event.preventDefault(),
  onInteractOutside: (event: Event) => event.preventDefault(),
};

/**
 * Enrolment with a passkey after sign-in (docs/decisions/057-passkeys.md): instead of an authenticator
 * app, or because the organisation requires passkeys of admins. An admin who has an authenticator app
 * proves a code first (`needsCode`), so no one adds the required passkey on a password alone. A first
 * factor shows its recovery codes before Finish, as the app's enrolment does.
 */
export function PasskeyEnrollmentDialog({
  open,
  account,
  needsCode,
  isRequired,
  cancelLabel = 'Cancel',
  onVerified,
  onFinished,
  onCancel,
  onUseTotp,
}: {
  open: boolean;
  account?: string | undefined;
  needsCode: boolean;
  isRequired: boolean;
  cancelLabel?: string;
  onVerified?: () => void;
  onFinished: () => void;
  onCancel: () => void;
  onUseTotp?: (() => void) | undefined;
}) {
  return (
    <Dialog open={open}>
      <DialogContent showCloseButton={false} {...stayOpen}>
        {open ? (
          <PasskeySteps
            account={account}
            needsCode={needsCode}
            isRequired={isRequired}
            cancelLabel={cancelLabel}
            onVerified={onVerified}
            onFinished={onFinished}
            onCancel={onCancel}
            onUseTotp={onUseTotp}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PasskeySteps({
  account,
  needsCode,
  isRequired,
  cancelLabel,
  onVerified,
  onFinished,
  onCancel,
  onUseTotp,
}: {
  account: string | undefined;
  needsCode: boolean;
  isRequired: boolean;
  cancelLabel: string;
  onVerified: (() => void) | undefined;
  onFinished: () => void;
  onCancel: () => void;
  onUseTotp: (() => void) | undefined;
}) {
  const [step, setStep] = useState<Step>(needsCode ? 'code' : 'name');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);

  return (
    <>
      <FormDialogHeader
        icon={Fingerprint}
        title={step === 'recovery' ? 'Save your recovery codes' : 'Set up a passkey'}
        description={
          step === 'code'
            ? `${PASSKEY_TEXTS.requiredForAdmins} First enter the 6-digit code from your authenticator app.`
            : step === 'name'
              ? `${isRequired ? `${PASSKEY_TEXTS.requiredForAdmins} ` : ''}Name the passkey, then follow your browser's prompt to create it on this device or a security key.`
              : 'Keep these codes somewhere safe: they let you in if you lose your passkey.'
        }
      />
      {step === 'code' ? (
        <CodeStep cancelLabel={cancelLabel} onVerified={() => setStep('name')} onCancel={onCancel} />
      ) : null}
      {step === 'name' ? (
        <>
          <PasskeyNameForm
            cancelLabel={cancelLabel}
            onCancel={onCancel}
            onRegistered={(result) => {
              toast.success(result.message);
              onVerified?.();
              if (result.recovery_codes.length === 0) {
                onFinished();
                return;
              }
              setRecoveryCodes(result.recovery_codes);
              setStep('recovery');
            }}
          />
          {onUseTotp ? (
            <Button variant="link" className="h-auto justify-self-start p-0" onClick={onUseTotp}>
              Use an authenticator app instead
            </Button>
          ) : null}
        </>
      ) : null}
      {step === 'recovery' ? (
        <>
          <RecoveryCodes codes={recoveryCodes} account={account} />
          <DialogFooter>
            <Button onClick={onFinished}>Finish</Button>
          </DialogFooter>
        </>
      ) : null}
    </>
  );
}

/** The authenticator app's code, proved before an admin adds the passkey their organisation requires. */
function CodeStep({
  cancelLabel,
  onVerified,
  onCancel,
}: {
  cancelLabel: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: verifyLogin });

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    if (!totpCodeSchema.safeParse(code).success) {
      setError(MFA_TEXTS.enterSixDigitCode);
      return;
    }
    setError(null);
    verify.mutate(
      { code, use_recovery: false },
      {
        onSuccess: (result) => {
          if (result.success) onVerified();
          else {
            setCode('');
            fail(result.message || MFA_TEXTS.invalidCodeShort);
          }
        },
        onError: (failure) =>
          fail(
            isApiError(failure) && failure.status === 429
              ? getErrorMessage(failure, MFA_TEXTS.tooManyAttempts)
              : getErrorMessage(failure, MFA_TEXTS.invalidCode),
          ),
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-busy={verify.isPending}>
      <CodeField
        id={`${id}-code`}
        kind="totp"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        error={error ?? undefined}
        disabled={verify.isPending}
        autoFocus
      />
      <FormDialogFooter
        confirmLabel="Verify"
        isPending={verify.isPending}
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        isCancelDisabled={verify.isPending}
      />
    </form>
  );
}
