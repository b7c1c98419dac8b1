import { attemptsRemainingText, MFA_MAX_FAILED_ATTEMPTS, MFA_TEXTS, totpCodeSchema } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { mfaKeys } from '@/api/mfa/mfa-keys';
import { useMfaStatus } from '@/api/mfa/mfa-status';
import { useStepUp } from '@/api/mfa/step-up';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { CodeField } from '@/components/mfa/code-field';
import { PasskeyVerifyButton } from '@/components/mfa/passkey-verify-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { getErrorMessage, isApiError } from '@/lib/api-client';

/**
 * docs/decisions/012-mfa-lockout.md: removing the authenticator or regenerating recovery codes needs a code
 * verified in the
 * last 5 minutes. This asks for one; the same server-side lockout applies as at sign-in.
 */
export function StepUpDialog({
  open,
  reason,
  onVerified,
  onOpenChange,
}: {
  open: boolean;
  reason: string;
  onVerified: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <StepUpForm reason={reason} onVerified={onVerified} onCancel={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function StepUpForm({
  reason,
  onVerified,
  onCancel,
}: {
  reason: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState<number>(MFA_MAX_FAILED_ATTEMPTS);
  const stepUp = useStepUp();
  const status = useMfaStatus();
  const queryClient = useQueryClient();
  const hasPasskey = (status.data?.passkey_count ?? 0) > 0;

  /** A passkey answer in this session counts as the recent verification (docs/decisions/057-passkeys.md). */
  async function onPasskeyVerified() {
    await queryClient.invalidateQueries({ queryKey: mfaKeys.status });
    onVerified();
  }

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stepUp.isPending || attempts === 0) return;
    if (!totpCodeSchema.safeParse(code).success) {
      setError(MFA_TEXTS.enterSixDigitCode);
      return;
    }
    setError(null);
    stepUp.mutate(code, {
      onSuccess: (result) => {
        if (result.success) {
          onVerified();
          return;
        }
        setAttempts(result.attempts_remaining);
        setCode('');
        fail(result.message || MFA_TEXTS.invalidCodeShort);
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 429) {
          setAttempts(0);
          fail(getErrorMessage(failure, MFA_TEXTS.tooManyAttempts));
          return;
        }
        fail(getErrorMessage(failure, MFA_TEXTS.invalidCode));
      },
    });
  }

  // Without an authenticator app, the passkey is the only way to confirm.
  if (hasPasskey && status.data?.enrolled === false) {
    return (
      <div className="grid gap-4">
        <FormDialogHeader title="Confirm it is you" description="Use one of your passkeys to continue." />
        <PasskeyVerifyButton variant="default" onVerified={() => void onPasskeyVerified()} />
        <div className="flex justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-busy={stepUp.isPending}>
      <FormDialogHeader title="Confirm it is you" description={reason} />
      <CodeField
        id={`${id}-code`}
        kind="totp"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        error={error ?? undefined}
        disabled={stepUp.isPending || attempts === 0}
        autoFocus
      />
      {attempts >= 1 && attempts < MFA_MAX_FAILED_ATTEMPTS ? (
        <p aria-live="polite" className="text-muted-foreground text-sm">
          {attemptsRemainingText(attempts)}
        </p>
      ) : null}
      {hasPasskey ? (
        <PasskeyVerifyButton
          onVerified={() => void onPasskeyVerified()}
          onAttemptsChange={setAttempts}
          disabled={stepUp.isPending || attempts === 0}
        />
      ) : null}
      <FormDialogFooter
        confirmLabel="Verify"
        isPending={stepUp.isPending}
        isConfirmDisabled={attempts === 0}
        onCancel={onCancel}
        isCancelDisabled={stepUp.isPending}
      />
    </form>
  );
}
