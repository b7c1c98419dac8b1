import { MFA_TEXTS } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { mfaKeys } from '@/api/mfa/mfa-keys';
import { useMfaStatus } from '@/api/mfa/mfa-status';
import { useRegenerateRecoveryCodes } from '@/api/mfa/regenerate-recovery-codes';
import { useRemoveTotp } from '@/api/mfa/remove-totp';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TotpEnrollmentDialog } from '@/components/mfa/enrollment-dialog';
import { RecoveryCodesDialog } from '@/components/mfa/recovery-codes-dialog';
import { PendingButton } from '@/components/pending-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { sessionQueryKey } from '@/lib/session';
import { LoadFailedAlert } from './load-failed-alert';
import { StepUpDialog } from './step-up-dialog';

type GuardedAction = 'remove' | 'regenerate';

const STEP_UP_REASONS: Record<GuardedAction, string> = {
  remove: 'Enter the current code from your authenticator app to remove two-factor authentication.',
  regenerate: 'Enter the current code from your authenticator app to generate new recovery codes.',
};

/**
 * docs/product.md §2 Settings: one's own two-factor authentication — set it up (the enrolment dialog of
 * sign-in), new recovery codes, or remove it where policy allows. Both changes need a code from the
 * last 5 minutes: when the server says there is none, this asks for one and carries on.
 */
export function MfaCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const remove = useRemoveTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [isEnrolling, setEnrolling] = useState(false);
  const [isConfirmingRemove, setConfirmingRemove] = useState(false);
  const [stepUpFor, setStepUpFor] = useState<GuardedAction | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  function onFailure(action: GuardedAction, error: unknown, fallback: string) {
    if (isApiError(error) && error.code === 'MFA_STEP_UP_REQUIRED') {
      setStepUpFor(action);
      return;
    }
    toast.error(getErrorMessage(error, fallback));
  }

  function perform(action: GuardedAction) {
    if (action === 'remove') {
      remove.mutate(undefined, {
        onSuccess: () => toast.success(MFA_TEXTS.removed),
        onError: (error) => onFailure('remove', error, 'Failed to remove two-factor authentication'),
      });
    } else {
      regenerate.mutate(undefined, {
        onSuccess: (result) => {
          setNewCodes(result.recovery_codes);
          toast.success(MFA_TEXTS.recoveryCodesRegenerated);
        },
        onError: (error) => onFailure('regenerate', error, 'Failed to generate new recovery codes'),
      });
    }
  }

  /** With a recent code, at once; otherwise ask for one first. */
  function run(action: GuardedAction) {
    if (status.data?.recently_verified) perform(action);
    else setStepUpFor(action);
  }

  async function onEnrolled() {
    setEnrolling(false);
    toast.success(MFA_TEXTS.enrolled);
    await queryClient.invalidateQueries({ queryKey: mfaKeys.status });
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" />
          Two-factor authentication
        </CardTitle>
        <CardDescription>A code from an authenticator app each time you sign in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? <Spinner label="Loading your security settings..." className="py-4" /> : null}
        {status.isError ? (
          <LoadFailedAlert
            title="Your two-factor settings could not be loaded."
            onRetry={() => void status.refetch()}
          />
        ) : null}
        {status.data ? (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  {status.data.enrolled ? (
                    <Badge variant="success">Enabled</Badge>
                  ) : (
                    <Badge variant="outline">Not set up</Badge>
                  )}
                  {status.data.verified_at ? (
                    <span className="ml-2 text-muted-foreground">
                      since {formatDate(status.data.verified_at)}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Policy</dt>
                <dd>{status.data.required ? 'Required by your organisation' : 'Optional'}</dd>
              </div>
              {status.data.enrolled ? (
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">Recovery codes left</dt>
                  <dd data-testid="recovery-codes-remaining">{status.data.recovery_codes_remaining}</dd>
                </div>
              ) : null}
            </dl>
            <div className="flex flex-wrap gap-2">
              {status.data.enrolled ? (
                <>
                  <PendingButton
                    variant="outline"
                    onClick={() => run('regenerate')}
                    isPending={regenerate.isPending}
                    icon={<KeyRound aria-hidden="true" />}
                  >
                    Regenerate recovery codes
                  </PendingButton>
                  {status.data.can_remove ? (
                    <PendingButton
                      variant="outline"
                      onClick={() => setConfirmingRemove(true)}
                      isPending={remove.isPending}
                      icon={<ShieldOff aria-hidden="true" />}
                    >
                      Remove
                    </PendingButton>
                  ) : null}
                </>
              ) : (
                <Button onClick={() => setEnrolling(true)}>
                  <ShieldCheck aria-hidden="true" />
                  Set up authenticator
                </Button>
              )}
            </div>
            {status.data.enrolled && !status.data.can_remove ? (
              <p className="text-muted-foreground text-sm">
                Your organisation requires two-factor authentication, so it cannot be removed. To move to a
                new phone, ask an admin to reset it, then set it up again.
              </p>
            ) : null}
          </>
        ) : null}
      </CardContent>

      <TotpEnrollmentDialog
        open={isEnrolling}
        account={email}
        onFinished={() => void onEnrolled()}
        onCancel={() => setEnrolling(false)}
      />

      <ConfirmDialog
        open={isConfirmingRemove}
        onOpenChange={setConfirmingRemove}
        title="Remove two-factor authentication?"
        description="Signing in will need only your password or a sign-in link. Your recovery codes stop working."
        confirmLabel="Remove"
        isDestructive
        closeOnConfirm
        onConfirm={() => run('remove')}
      />

      <StepUpDialog
        open={stepUpFor !== null}
        reason={stepUpFor ? STEP_UP_REASONS[stepUpFor] : ''}
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
        title="Your new recovery codes"
        description="The earlier codes no longer work."
        onClose={() => setNewCodes(null)}
      />
    </Card>
  );
}
