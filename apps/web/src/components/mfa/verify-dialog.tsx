import {
  attemptsRemainingText,
  MFA_MAX_FAILED_ATTEMPTS,
  MFA_TEXTS,
  PASSKEY_TEXTS,
  recoveryCodeError,
  totpCodeSchema,
} from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useMfaStatus } from '@/api/mfa/mfa-status';
import { verifyLogin } from '@/api/mfa/totp';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import { CodeField } from './code-field';
import { PasskeyVerifyButton } from './passkey-verify-button';

/**
 * docs/product.md §2/§4 MFA login dialog: a 6-digit code, or (toggled) an 8-character recovery code. The
 * attempts left come from the server, which enforces the lockout (5 failures, docs/product.md §9); the dialog
 * shows 'N attempt(s) remaining' for 1 to 4 and disables Verify at 0. Cancel signs out (the caller's).
 */
export function MfaVerifyDialog({
  open,
  onVerified,
  onCancel,
}: {
  open: boolean;
  onVerified: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        {open ? <VerifyForm onVerified={onVerified} onCancel={onCancel} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function VerifyForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState<number>(MFA_MAX_FAILED_ATTEMPTS);
  /** The server's 429 message (it names the lock's length: 5 minutes, or 60 after repeated locks). */
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const status = useMfaStatus();
  const verify = useMutation({ mutationFn: verifyLogin });
  const lockedUntilIso = status.data?.locked_until ?? null;
  const lockedUntil = lockedUntilIso ? new Date(lockedUntilIso) : null;
  const { refetch } = status;

  // The server's count wins: after a reload, or another tab's failures, or when a lockout ends.
  useEffect(() => {
    if (status.data) setAttempts(status.data.attempts_remaining);
  }, [status.data]);

  // Ask again when the lockout ends, so Verify comes back on its own.
  useEffect(() => {
    if (!lockedUntilIso) return;
    const wait = Math.max(0, Date.parse(lockedUntilIso) - Date.now()) + 500;
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [lockedUntilIso, refetch]);

  function fail(message: string, remaining: number) {
    setError(message);
    setAttempts(remaining);
    toast.error(message);
    inputRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending || attempts === 0) return;
    const invalid = useRecovery
      ? recoveryCodeError(code)
      : totpCodeSchema.safeParse(code).success
        ? null
        : MFA_TEXTS.enterSixDigitCode;
    if (invalid) {
      setError(invalid);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    verify.mutate(
      { code, use_recovery: useRecovery },
      {
        onSuccess: (result) => {
          if (result.success) {
            onVerified();
            return;
          }
          // docs/product.md §8: an unsuccessful result shows its message or 'Invalid code'.
          fail(result.message || MFA_TEXTS.invalidCodeShort, result.attempts_remaining);
          setCode('');
          // The 5th failure locks the user on the server: learn until when.
          if (result.attempts_remaining === 0) void refetch();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 429) {
            // docs/product.md §8: a 429 says to wait and the attempts go to 0.
            const message = getErrorMessage(failure, MFA_TEXTS.tooManyAttempts);
            setLockMessage(message);
            fail(message, 0);
            void refetch();
            return;
          }
          // docs/product.md §8: any other failure shows 'Invalid code. Please try again.', one attempt fewer.
          fail(MFA_TEXTS.invalidCode, Math.max(0, attempts - 1));
        },
      },
    );
  }

  function onToggle() {
    setUseRecovery((current) => !current);
    setCode('');
    setError(null);
    setTimeout(() => inputRef.current?.focus(), 0);
  }

  const isLocked = attempts === 0;
  const passkeyCount = status.data?.passkey_count ?? 0;

  // docs/decisions/057-passkeys.md: where passkeys are required of admins, a code does not finish MFA;
  // without an authenticator app, the passkey comes first and a recovery code is the way out.
  const isPasskeyRequired = Boolean(status.data?.passkey_required);
  const isPasskeyFirst = passkeyCount > 0 && (isPasskeyRequired || status.data?.enrolled === false);
  if (isPasskeyFirst && !useRecovery) {
    return (
      <div className="grid gap-4">
        <FormDialogHeader
          icon={LockKeyhole}
          title="Two-factor authentication"
          description={
            isPasskeyRequired
              ? `${PASSKEY_TEXTS.requiredForAdmins} Use it to finish signing in.`
              : 'Use your passkey to finish signing in.'
          }
        />
        <PasskeyVerifyButton
          variant="default"
          onVerified={onVerified}
          onAttemptsChange={setAttempts}
          disabled={isLocked}
        />
        {isPasskeyRequired ? null : (
          <Button variant="link" className="h-auto justify-self-start p-0" onClick={onToggle}>
            Use a recovery code instead
          </Button>
        )}
        <div className="flex justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-busy={verify.isPending}>
      <FormDialogHeader
        icon={LockKeyhole}
        title="Two-factor authentication"
        description={
          useRecovery
            ? 'Enter one of your recovery codes. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'
        }
      />

      <CodeField
        ref={inputRef}
        id={`${id}-code`}
        kind={useRecovery ? 'recovery' : 'totp'}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        error={error ?? undefined}
        disabled={verify.isPending || isLocked}
        autoFocus
      />

      <div aria-live="polite" className="min-h-5 text-sm">
        {attempts >= 1 && attempts < MFA_MAX_FAILED_ATTEMPTS ? (
          <p className="text-muted-foreground" data-testid="mfa-attempts">
            {attemptsRemainingText(attempts)}
          </p>
        ) : null}
        {isLocked ? (
          <p className="text-destructive">
            {lockMessage ?? MFA_TEXTS.tooManyAttempts}
            {lockedUntil ? ` You can try again at ${formatTime(lockedUntil)}.` : ''}
          </p>
        ) : null}
      </div>

      {passkeyCount > 0 && !isPasskeyFirst ? (
        <PasskeyVerifyButton
          onVerified={onVerified}
          onAttemptsChange={setAttempts}
          disabled={isLocked || verify.isPending}
        />
      ) : null}

      <Button variant="link" className="h-auto justify-self-start p-0" onClick={onToggle}>
        {useRecovery
          ? isPasskeyFirst
            ? PASSKEY_TEXTS.usePasskey
            : 'Use your authenticator app instead'
          : 'Use a recovery code instead'}
      </Button>

      <FormDialogFooter
        confirmLabel="Verify"
        isPending={verify.isPending}
        isConfirmDisabled={isLocked}
        onCancel={onCancel}
        isCancelDisabled={verify.isPending}
      />
    </form>
  );
}
