import { MFA_TEXTS, PASSKEY_TEXTS } from '@parley/contracts';
import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { passkeyErrorText } from '@/api/mfa/passkey-errors';
import { useVerifyWithPasskey } from '@/api/mfa/passkeys';
import { PendingButton } from '@/components/pending-button';
import { getErrorMessage, isApiError } from '@/lib/api-client';

/**
 * 'Use a passkey': finishes MFA after the password, or steps up in Settings. A refused answer counts
 * as a failed attempt on the server (the same lockout as codes); its words are shown beside the button.
 */
export function PasskeyVerifyButton({
  onVerified,
  onAttemptsChange,
  disabled = false,
  variant = 'outline',
}: {
  onVerified: () => void;
  onAttemptsChange?: (remaining: number) => void;
  disabled?: boolean;
  variant?: 'outline' | 'default';
}) {
  const verify = useVerifyWithPasskey();
  const [error, setError] = useState<string | null>(null);

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  function onClick() {
    setError(null);
    verify.mutate(undefined, {
      onSuccess: (result) => {
        if (result.success) {
          onVerified();
          return;
        }
        onAttemptsChange?.(result.attempts_remaining);
        fail(result.message || PASSKEY_TEXTS.failed);
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 429) {
          onAttemptsChange?.(0);
          fail(getErrorMessage(failure, MFA_TEXTS.tooManyAttempts));
          return;
        }
        fail(passkeyErrorText(failure));
      },
    });
  }

  return (
    <div className="grid gap-2">
      <PendingButton
        type="button"
        variant={variant}
        onClick={onClick}
        isPending={verify.isPending}
        disabled={disabled}
        icon={<Fingerprint aria-hidden="true" />}
      >
        {PASSKEY_TEXTS.usePasskey}
      </PendingButton>
      <p aria-live="polite" className="min-h-5 text-destructive text-sm" data-testid="passkey-error">
        {error}
      </p>
    </div>
  );
}
