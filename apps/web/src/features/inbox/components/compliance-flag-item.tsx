import {
  COMPLIANCE_TEXTS,
  type ComplianceFlag,
  canClearFlag,
  FLAG_TEXTS,
  isClaimRule,
} from '@parley/contracts';
import { CircleCheck, RotateCcw, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useDismissFlag, useRestoreFlag } from '@/api/drafts/flag-dismissals';
import { FlagRationale, FlagRuleBadge, SecondOpinionBadge } from '@/components/flag-why';
import { PendingButton } from '@/components/pending-button';
import { SeverityBadge } from '@/components/severity-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSignedInSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { DisabledWithReason } from './draft-disabled-action';
import { FlagDismissForm } from './flag-dismiss-form';

/** A button that cannot be used now: focusable, with the reason in a tooltip and for screen readers. */
function Unavailable({ reason, icon, label }: { reason: string; icon: React.ReactNode; label: string }) {
  return (
    <DisabledWithReason reason={reason}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-disabled="true"
        className="cursor-not-allowed opacity-50 aria-disabled:pointer-events-auto"
      >
        {icon}
        {label}
        <span className="sr-only">({reason})</span>
      </Button>
    </DisabledWithReason>
  );
}

/**
 * One flag of the latest version: term (a button that selects its words in the editor), severity,
 * who raised it, why, the suggestion; Apply Fix; and
 * 'Not a problem here' with a reason, or — once cleared — dimmed and struck with who cleared it and
 * why, and Restore flag. High flags are cleared by directors and admins only (canClearFlag).
 */
export function ComplianceFlagItem({
  messageId,
  version,
  flag,
  canWrite,
  applyBlocked,
  isApplying,
  isApplyPending,
  onApply,
  onShow,
}: {
  messageId: string;
  version: number;
  flag: ComplianceFlag;
  canWrite: boolean;
  /** Why Apply Fix cannot run now (read-only role, stale check), or null. */
  applyBlocked: string | null;
  isApplying: boolean;
  isApplyPending: boolean;
  onApply: () => void;
  /** Selects the flag's words in the draft editor. */
  onShow: () => void;
}) {
  const { role } = useSignedInSession();
  const dismiss = useDismissFlag(messageId);
  const restore = useRestoreFlag(messageId);
  const [isFormOpen, setFormOpen] = useState(false);
  const cleared = flag.dismissal;
  const span = { version, start: flag.start, end: flag.end };
  const clearBlocked = !canWrite
    ? 'Your role can read drafts but not change them.'
    : canClearFlag(role, flag.severity)
      ? null
      : FLAG_TEXTS.needsDirector;
  const reasonError =
    isApiError(dismiss.error) && dismiss.error.fields?.reason ? dismiss.error.fields.reason : undefined;

  function onDismiss(reason: string) {
    dismiss.mutate(
      { ...span, reason },
      {
        onSuccess: () => {
          setFormOpen(false);
          toast.success(FLAG_TEXTS.cleared);
        },
        onError: (error) => {
          if (!(isApiError(error) && error.fields?.reason)) {
            toast.error(getErrorMessage(error, FLAG_TEXTS.clearFailed));
          }
        },
      },
    );
  }

  function onRestore() {
    restore.mutate(span, {
      onSuccess: () => toast.success(FLAG_TEXTS.restored),
      onError: (error) => toast.error(getErrorMessage(error, FLAG_TEXTS.restoreFailed)),
    });
  }

  const applyReason = applyBlocked ?? (flag.suggestion ? null : 'This flag has no suggested replacement.');

  return (
    <li
      data-testid="compliance-flag"
      data-cleared={cleared ? 'true' : undefined}
      className={cn('grid gap-2 rounded-md border p-3', cleared && 'border-dashed')}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={onShow}
            title="Show in the draft"
            className={cn(
              'cursor-pointer break-words rounded-sm text-left font-medium underline decoration-dotted underline-offset-4 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2',
              cleared && 'text-muted-foreground line-through',
            )}
          >
            ‘{flag.term}’<span className="sr-only"> (show in the draft)</span>
          </button>
          <SeverityBadge severity={flag.severity} />
          <FlagRuleBadge rule={flag.rule} />
          <SecondOpinionBadge source={flag.source} />
          {cleared ? (
            <Badge variant="success">
              <CircleCheck aria-hidden />
              {FLAG_TEXTS.notAProblem}
            </Badge>
          ) : null}
        </div>
        <FlagRationale flag={flag} />
        {cleared ? (
          <p className="text-sm">
            {FLAG_TEXTS.clearedBy(cleared.by_name, cleared.reason)}{' '}
            <time dateTime={cleared.at} className="text-muted-foreground text-xs">
              ({formatDateTime(cleared.at)})
            </time>
          </p>
        ) : (
          <>
            <p className="text-sm">
              <span className="text-muted-foreground">Suggestion: </span>
              <span className="font-medium">{flag.suggestion || '—'}</span>
            </p>
            {flag.citation && flag.suggestion ? (
              <p className="break-all text-muted-foreground text-xs">
                {COMPLIANCE_TEXTS.fixCites(flag.citation.doc_path)}
              </p>
            ) : null}
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {cleared ? (
          clearBlocked ? (
            <Unavailable reason={clearBlocked} icon={<RotateCcw aria-hidden />} label={FLAG_TEXTS.restore} />
          ) : (
            <PendingButton
              type="button"
              variant="outline"
              size="sm"
              onClick={onRestore}
              isPending={restore.isPending}
              icon={<RotateCcw aria-hidden />}
              aria-label={`${FLAG_TEXTS.restore}: ‘${flag.term}’`}
            >
              {FLAG_TEXTS.restore}
            </PendingButton>
          )
        ) : (
          <>
            {applyReason ? (
              <Unavailable
                reason={applyReason}
                icon={<Wand2 aria-hidden />}
                label={COMPLIANCE_TEXTS.applyFix}
              />
            ) : (
              <PendingButton
                type="button"
                variant="outline"
                size="sm"
                onClick={onApply}
                isPending={isApplying}
                disabled={isApplyPending}
                icon={<Wand2 aria-hidden />}
                aria-label={`${COMPLIANCE_TEXTS.applyFix}: replace ${isClaimRule(flag.rule) ? 'the passage holding ' : ''}‘${flag.term}’ with ‘${flag.suggestion}’`}
              >
                {COMPLIANCE_TEXTS.applyFix}
              </PendingButton>
            )}
            {clearBlocked ? (
              <Unavailable
                reason={clearBlocked}
                icon={<CircleCheck aria-hidden />}
                label={FLAG_TEXTS.notAProblem}
              />
            ) : (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-expanded={isFormOpen}
                onClick={() => {
                  dismiss.reset();
                  setFormOpen((open) => !open);
                }}
                aria-label={`${FLAG_TEXTS.notAProblem}: ‘${flag.term}’`}
              >
                <CircleCheck aria-hidden />
                {FLAG_TEXTS.notAProblem}
              </Button>
            )}
          </>
        )}
      </div>
      {isFormOpen && !cleared ? (
        <FlagDismissForm
          term={flag.term}
          isPending={dismiss.isPending}
          serverError={reasonError}
          onSubmit={onDismiss}
          onCancel={() => setFormOpen(false)}
        />
      ) : null}
    </li>
  );
}
