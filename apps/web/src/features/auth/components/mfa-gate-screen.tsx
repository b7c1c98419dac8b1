import { type MfaNext, PRODUCT_NAME, type SessionResponse } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mfaKeys } from '@/api/mfa/mfa-keys';
import { useMfaStatus } from '@/api/mfa/mfa-status';
import { TotpEnrollmentDialog } from '@/components/mfa/enrollment-dialog';
import { PasskeyEnrollmentDialog } from '@/components/mfa/passkey-enrollment-dialog';
import { MfaVerifyDialog } from '@/components/mfa/verify-dialog';
import { PublicShell } from '@/components/public-shell';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';
import { signOut } from '../api/sign-out';

/** The MFA step of a session that owes it (docs/product.md §4 steps 3-4): the enrolment or verify dialog. */
export function MfaGateScreen({
  session,
  onHoldChange,
}: {
  session: SessionResponse;
  onHoldChange: (isHeld: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The step this gate was opened for; the session may already say 'none' while it finishes.
  const [step] = useState<MfaNext>(session.mfa);
  // Enrolment offers a passkey instead of an app; where admins must use one, only that
  // (docs/decisions/057-passkeys.md).
  const status = useMfaStatus({ enabled: step === 'enroll' });
  const [enrolWith, setEnrolWith] = useState<'app' | 'passkey'>('app');

  /**
   * A verified code raised this session to aal2 on the server, so the app opens at once; the refetch
   * behind it confirms. Waiting for the refetch instead kept the dialog up for as long as the server
   * took to answer, and for good when that answer failed.
   */
  async function onDone() {
    queryClient.setQueryData<SessionResponse | null>(sessionQueryKey, (current) =>
      current ? { ...current, aal: 'aal2', next_level: 'aal2', mfa: 'none' } : current,
    );
    onHoldChange(false);
    queryClient.removeQueries({ queryKey: mfaKeys.status });
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }

  /**
   * docs/product.md §4: cancelling the MFA step signs the user out (docs/product.md §8: 401/403/404 ignored).
   */
  async function onCancel() {
    onHoldChange(false);
    await signOut().catch(() => undefined);
    queryClient.removeQueries();
    queryClient.setQueryData(sessionQueryKey, null);
    await navigate(paths.auth, { replace: true });
  }

  return (
    <PublicShell>
      <div className="flex max-w-sm flex-col items-center gap-2 text-center text-muted-foreground text-sm">
        <ShieldCheck className="size-8" aria-hidden="true" />
        <p>
          Signing in to {PRODUCT_NAME} as{' '}
          <span className="break-all text-foreground">{session.user.email}</span>
        </p>
      </div>
      {step === 'verify' ? (
        <MfaVerifyDialog open onVerified={() => void onDone()} onCancel={() => void onCancel()} />
      ) : !status.data && !status.isError ? (
        <Spinner label="Loading…" className="py-8" />
      ) : status.data?.passkey_required || enrolWith === 'passkey' ? (
        <PasskeyEnrollmentDialog
          open
          account={session.user.email}
          needsCode={Boolean(status.data?.enrolled && !status.data.recently_verified)}
          isRequired={Boolean(status.data?.passkey_required)}
          cancelLabel="Cancel and sign out"
          onVerified={() => onHoldChange(true)}
          onFinished={() => void onDone()}
          onCancel={() => void onCancel()}
          onUseTotp={status.data?.passkey_required ? undefined : () => setEnrolWith('app')}
        />
      ) : (
        <TotpEnrollmentDialog
          open
          account={session.user.email}
          cancelLabel="Cancel and sign out"
          onVerified={() => onHoldChange(true)}
          onFinished={() => void onDone()}
          onCancel={() => void onCancel()}
          onUsePasskey={() => setEnrolWith('passkey')}
        />
      )}
    </PublicShell>
  );
}
