import {
  APPROVAL_TEXTS,
  COMPLIANCE_SEVERITIES,
  type ComplianceFlag,
  flagRationale,
  OVERRIDE_REASON_MAX,
  OVERRIDE_REASON_MIN,
  unresolvedFlags,
} from '@parley/contracts';
import { CircleAlert, Send, ShieldCheck } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useApproveMessage } from '@/api/approvals/approve';
import { useDraftVersion } from '@/api/drafts/get-draft-version';
import { StarRating } from '@/components/approval-dialogs';
import { FlagRuleBadge } from '@/components/flag-why';
import { FlaggedText } from '@/components/flagged-text';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { SeverityBadge } from '@/components/severity-badge';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/lib/api-client';

/** The version to approve: what the dialog loads, shows and binds the approval to. */
export type ApproveTarget = { messageId: string; version: number };

function bySeverity(flags: readonly ComplianceFlag[]): ComplianceFlag[] {
  const rank = (flag: ComplianceFlag) => COMPLIANCE_SEVERITIES.indexOf(flag.severity);
  return [...flags].sort((a, b) => rank(a) - rank(b) || a.start - b.start);
}

/** Why the reason cannot be sent yet, or null (the server's rule: 10 to 1,000 characters, trimmed). */
function reasonProblemOf(reason: string): string | null {
  const length = reason.trim().length;
  if (length < OVERRIDE_REASON_MIN) return `Write at least ${OVERRIDE_REASON_MIN} characters`;
  if (length > OVERRIDE_REASON_MAX) return 'Use at most 1,000 characters';
  return null;
}

/**
 * Approve & Send (or Mark Final), docs/product.md §4 Approvals: restates the exact text being approved,
 * with every unresolved flag marked in it and listed with its rationale; over an unresolved high flag
 * it asks for a written reason and keeps the confirm button disabled until there is one. The approval
 * is bound to the text shown here (its SHA-256). The server decides again.
 */
export function ApproveDialog({
  target,
  onClose,
  title,
  recipient,
  withRating,
  onApproved,
}: {
  /** Open while set. */
  target: ApproveTarget | null;
  onClose: () => void;
  title: string;
  recipient: string;
  withRating: boolean;
  /** Where focus goes once the reply is approved (instead of back to the button that opened the dialog). */
  onApproved?: () => void;
}) {
  const approved = useRef(false);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          if (!approved.current || !onApproved) return;
          approved.current = false;
          event.preventDefault();
          onApproved();
        }}
      >
        {target ? (
          <ApproveForm
            key={`${target.messageId}:${target.version}`}
            target={target}
            onClose={onClose}
            onApproved={() => {
              approved.current = true;
            }}
            title={title}
            recipient={recipient}
            withRating={withRating}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ApproveForm({
  target,
  onClose,
  onApproved,
  title,
  recipient,
  withRating,
}: {
  target: ApproveTarget;
  onClose: () => void;
  onApproved: () => void;
  title: string;
  recipient: string;
  withRating: boolean;
}) {
  const id = useId();
  const draft = useDraftVersion(target.messageId, target.version);
  const approve = useApproveMessage();
  const [rating, setRating] = useState(0);
  const [reason, setReason] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  // The server found a high flag the stored check did not show (a policy changed since): ask anyway.
  const [serverNeedsReason, setServerNeedsReason] = useState(false);

  const version = draft.data;
  const flags = bySeverity(unresolvedFlags(version?.compliance?.flags ?? []));
  const highCount = flags.filter((flag) => flag.severity === 'high').length;
  const needsReason = highCount > 0 || serverNeedsReason;
  const reasonProblem = needsReason ? reasonProblemOf(reason) : null;
  const reasonError = serverError ?? (reason.trim() !== '' ? reasonProblem : null);

  function onConfirm() {
    if (!version || reasonProblem) return;
    approve.mutate(
      {
        messageId: target.messageId,
        version: version.version,
        text: version.draftText,
        rating: rating || undefined,
        override_reason: needsReason ? reason.trim() : undefined,
      },
      {
        onSuccess: (result) => {
          onApproved();
          onClose();
          toast.success(APPROVAL_TEXTS.approved);
          if (result.delivery === 'failed') toast.warning(APPROVAL_TEXTS.replyNotSent);
        },
        onError: (error) => {
          const field = isApiError(error) ? error.fields?.override_reason : undefined;
          if (field) {
            setServerNeedsReason(true);
            setServerError(field);
            return;
          }
          onClose();
          // 403 names the rule that applies; 409 says what changed; anything else product.md's failure text.
          if (isApiError(error) && (error.status === 403 || error.status === 409))
            toast.error(getErrorMessage(error, APPROVAL_TEXTS.approveFailed));
          else toast.error(APPROVAL_TEXTS.approveFailed);
        },
      },
    );
  }

  return (
    <div className="grid gap-4">
      <FormDialogHeader
        title={title}
        description={
          <>The reply is marked final and e-mailed to {recipient}. Any later edit reopens the message.</>
        }
      />
      {draft.isPending ? (
        <Spinner label="Loading the draft" className="py-6" />
      ) : draft.isError || !version ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>{APPROVAL_TEXTS.draftLoadFailed}</AlertTitle>
          <AlertDescription>Close this dialog and try again.</AlertDescription>
        </Alert>
      ) : (
        <>
          <div className="grid gap-1.5">
            <h3 id={`${id}-draft`} className="font-medium text-sm">
              {APPROVAL_TEXTS.draftTitle} (version {version.version})
            </h3>
            <section
              // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll a long draft
              tabIndex={0}
              aria-labelledby={`${id}-draft`}
              data-testid="approve-draft-text"
              className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
            >
              <FlaggedText text={version.draftText} flags={flags} />
            </section>
          </div>
          <section aria-labelledby={`${id}-flags`} className="grid gap-1.5">
            <h3 id={`${id}-flags`} className="font-medium text-sm">
              {APPROVAL_TEXTS.unresolvedFlagsTitle} ({flags.length})
            </h3>
            {version.compliance === null ? (
              <p className="text-muted-foreground text-sm">{APPROVAL_TEXTS.notChecked}</p>
            ) : flags.length === 0 ? (
              <p className="flex items-center gap-2 text-muted-foreground text-sm">
                <ShieldCheck aria-hidden className="size-4 text-status-pass" />
                {APPROVAL_TEXTS.noUnresolvedFlags}
              </p>
            ) : (
              <ul className="grid gap-2" data-testid="approve-flags">
                {flags.map((flag) => (
                  <li
                    key={`${flag.rule}:${flag.start}`}
                    className="grid gap-1 rounded-md border p-2.5 text-sm"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <SeverityBadge severity={flag.severity} />
                      <span className="font-medium">‘{flag.term}’</span>
                      <FlagRuleBadge rule={flag.rule} />
                    </div>
                    <p>{flagRationale(flag)}</p>
                    {flag.suggestion ? (
                      <p className="text-muted-foreground">Suggestion: {flag.suggestion}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {needsReason ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-reason`}>
                {APPROVAL_TEXTS.overrideReasonLabel}
                <span className="text-destructive" aria-hidden>
                  *
                </span>
              </Label>
              <Textarea
                id={`${id}-reason`}
                value={reason}
                required
                maxLength={OVERRIDE_REASON_MAX}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={`${id}-reason-hint${reasonError ? ` ${id}-reason-error` : ''}`}
                onChange={(event) => {
                  setReason(event.target.value);
                  setServerError(null);
                }}
                className="min-h-24"
              />
              <p id={`${id}-reason-hint`} className="text-muted-foreground text-xs">
                {APPROVAL_TEXTS.overrideReasonHint} {reason.trim().length}/{OVERRIDE_REASON_MAX}
              </p>
              {reasonError ? (
                <p id={`${id}-reason-error`} className="text-destructive text-sm" role="alert">
                  {reasonError}
                </p>
              ) : null}
            </div>
          ) : null}
          {withRating ? <StarRating value={rating} onChange={setRating} /> : null}
        </>
      )}
      <FormDialogFooter
        confirmLabel={title}
        confirmIcon={<Send aria-hidden />}
        isPending={approve.isPending}
        isConfirmDisabled={!version || reasonProblem !== null}
        onConfirm={onConfirm}
        onCancel={onClose}
      />
    </div>
  );
}
