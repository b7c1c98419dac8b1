import { MFA_TEXTS, PASSKEY_TEXTS, type TotpSetupResponse, totpCodeSchema } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { Copy, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { startTotpSetup, verifyEnrollment } from '@/api/mfa/totp';
import { FormDialogHeader } from '@/components/form-dialog';
import { PendingButton } from '@/components/pending-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { isPageUnloading } from '@/lib/page-unload';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';

type Step = 'qr' | 'verify' | 'recovery';

/** The secret in groups of four, easier to type into an app by hand. */
function groupSecret(secret: string) {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Blocks the ways a modal closes by itself: the MFA steps end only through their buttons. */
const stayOpen = {
  onEscapeKeyDown: (event: Event) => event.preventDefault(),
  onInteractOutside: (event: Event) => event.preventDefault(),
};

/**
 * docs/product.md §2/§4 MFA enrollment dialog, steps qr → verify → recovery → Finish. The QR code is the SVG
 * Parley's server rendered (never an outside service: the URI holds the secret), shown with the
 * secret as text for typing it in. The enrolment code raises the session to aal2; `onVerified`
 * tells the caller so (the session changes before the codes are saved), `onFinished` ends it.
 */
export function TotpEnrollmentDialog({
  open,
  account,
  cancelLabel = 'Cancel',
  onVerified,
  onFinished,
  onCancel,
  onUsePasskey,
}: {
  open: boolean;
  account?: string | undefined;
  cancelLabel?: string;
  onVerified?: () => void;
  onFinished: () => void;
  onCancel: () => void;
  /** Offers a passkey instead of an app (docs/decisions/057-passkeys.md). */
  onUsePasskey?: (() => void) | undefined;
}) {
  return (
    <Dialog open={open}>
      <DialogContent showCloseButton={false} {...stayOpen}>
        {open ? (
          <EnrollmentSteps
            account={account}
            cancelLabel={cancelLabel}
            onVerified={onVerified}
            onFinished={onFinished}
            onCancel={onCancel}
            onUsePasskey={onUsePasskey}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EnrollmentSteps({
  account,
  cancelLabel,
  onVerified,
  onFinished,
  onCancel,
  onUsePasskey,
}: {
  account: string | undefined;
  cancelLabel: string;
  onVerified: (() => void) | undefined;
  onFinished: () => void;
  onCancel: () => void;
  onUsePasskey: (() => void) | undefined;
}) {
  const [step, setStep] = useState<Step>('qr');
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const started = useRef(false);
  const start = useMutation({ mutationFn: startTotpSetup });

  // One setup per opening: a second call would replace the secret the QR code shows.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: () => {
        // A reload aborts the call: that is no failure, and must not sign the user out.
        if (isPageUnloading()) return;
        // docs/product.md §8: 'Failed to set up MFA' closes the dialog.
        toast.error(MFA_TEXTS.setupFailed);
        onCancel();
      },
    });
  }, [start, onCancel]);

  return (
    <>
      <FormDialogHeader
        icon={ShieldCheck}
        title={step === 'recovery' ? 'Save your recovery codes' : 'Set up two-factor authentication'}
        description={
          step === 'qr'
            ? 'Step 1 of 3: scan the QR code with an authenticator app, or type the key into it.'
            : step === 'verify'
              ? 'Step 2 of 3: enter the 6-digit code the app shows for Parley.'
              : 'Step 3 of 3: keep these codes somewhere safe, apart from your phone.'
        }
      />

      {step === 'qr' ? (
        <QrStep
          setup={setup}
          onNext={() => setStep('verify')}
          onCancel={onCancel}
          cancelLabel={cancelLabel}
        />
      ) : null}
      {step === 'qr' && onUsePasskey ? (
        <Button variant="link" className="h-auto justify-self-start p-0" onClick={onUsePasskey}>
          {PASSKEY_TEXTS.enrolWithPasskey}
        </Button>
      ) : null}
      {step === 'verify' ? (
        <VerifyStep
          onBack={() => setStep('qr')}
          onVerified={(codes) => {
            setRecoveryCodes(codes);
            setStep('recovery');
            onVerified?.();
          }}
          onCancel={onCancel}
          cancelLabel={cancelLabel}
        />
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

function QrStep({
  setup,
  onNext,
  onCancel,
  cancelLabel,
}: {
  setup: TotpSetupResponse | null;
  onNext: () => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  if (!setup) return <Spinner label="Preparing your authenticator key..." className="py-8" />;

  async function onCopySecret() {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.success(MFA_TEXTS.secretCopied);
    } catch {
      toast.error('Copying is not allowed here. Select the key and copy it.');
    }
  }

  return (
    <>
      <div className="flex flex-col items-center gap-4">
        <img
          src={`data:image/svg+xml;base64,${btoa(setup.qr_svg)}`}
          alt="QR code to add Parley to your authenticator app"
          width={192}
          height={192}
          className="size-48 rounded-md border bg-white p-2"
        />
        <div className="grid w-full gap-1.5">
          <p className="text-muted-foreground text-sm">Can't scan it? Type this key into the app:</p>
          <div className="flex items-center gap-2">
            <code
              data-testid="mfa-secret"
              className="flex-1 select-all break-all rounded-md border bg-muted/50 px-3 py-2 font-mono text-[0.8rem] sm:text-sm"
            >
              {groupSecret(setup.secret)}
            </code>
            <Button variant="outline" size="sm" onClick={() => void onCopySecret()}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button onClick={onNext}>Next</Button>
      </DialogFooter>
    </>
  );
}

function VerifyStep({
  onBack,
  onVerified,
  onCancel,
  cancelLabel,
}: {
  onBack: () => void;
  onVerified: (recoveryCodes: string[]) => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: verifyEnrollment });

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(MFA_TEXTS.enterSixDigitCode);
      return;
    }
    setError(null);
    verify.mutate(parsed.data, {
      onSuccess: (result) => {
        if (result.success) onVerified(result.recovery_codes);
        else fail(result.message || MFA_TEXTS.invalidCodeShort);
      },
      onError: (failure) =>
        fail(
          isApiError(failure) && failure.status === 429
            ? getErrorMessage(failure, MFA_TEXTS.tooManyAttempts)
            : MFA_TEXTS.invalidCode,
        ),
    });
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
      <DialogFooter className="sm:justify-between">
        <Button variant="ghost" onClick={onBack} disabled={verify.isPending}>
          Back
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onCancel} disabled={verify.isPending}>
            {cancelLabel}
          </Button>
          <PendingButton type="submit" isPending={verify.isPending}>
            Verify
          </PendingButton>
        </div>
      </DialogFooter>
    </form>
  );
}
