import {
  APPROVAL_TEXTS,
  approvalRefusalText,
  type DraftVersion,
  FOUR_EYES_REFUSAL,
  hasCapability,
} from '@parley/contracts';
import { CheckCircle2, LoaderCircle, MessageSquareWarning, SendHorizontal } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useApproval } from '@/api/approvals/get-approval';
import { useRequestChanges } from '@/api/approvals/request-changes';
import { useSubmitForApproval } from '@/api/approvals/submit';
import { useMessage } from '@/api/messages/get-message';
import { RequestChangesDialog } from '@/components/approval-dialogs';
import { ApproveDialog } from '@/components/approve-dialog';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { byId, focusWhenShown, THREAD_FOCUS } from '@/lib/focus-when-shown';
import { useSignedInSession } from '@/lib/session';
import { DisabledWithReason } from './draft-disabled-action';

/** A button that cannot be used now: focusable, with the reason in a tooltip and for screen readers. */
function Unavailable({ label, reason, icon }: { label: string; reason: string; icon: React.ReactNode }) {
  return (
    <DisabledWithReason reason={reason}>
      <Button
        type="button"
        variant="outline"
        aria-disabled="true"
        className="cursor-not-allowed aria-disabled:pointer-events-auto"
      >
        {icon}
        {label}
        <span className="sr-only">({reason})</span>
      </Button>
    </DisabledWithReason>
  );
}

/**
 * docs/product.md §5/§6 and §4 Approvals: Submit for Approval for those who draft; Mark Final (ir_associate)
 * or
 * Approve & Send (admin, ir_director), disabled without draft text or when the latest version needs
 * a director and the caller is not one; Request Changes for approvers while a submission waits.
 * The server decides again from the stored text; this only explains.
 */
export function ApprovalActions({
  messageId,
  draft,
  text,
  isDirty,
}: {
  messageId: string;
  /** The latest saved version, null without one. */
  draft: DraftVersion | null;
  /** What the editor shows now. */
  text: string;
  isDirty: boolean;
}) {
  const { role } = useSignedInSession();
  const approval = useApproval(messageId);
  const message = useMessage(messageId);
  const submit = useSubmitForApproval(messageId);
  const changes = useRequestChanges();
  const [approveOpen, setApproveOpen] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);

  const canWrite = hasCapability(role, 'messages.write');
  const isApprover = hasCapability(role, 'approvals.review');
  const finaliseLabel = isApprover ? APPROVAL_TEXTS.approveAndSend : APPROVAL_TEXTS.markFinal;
  const state = approval.data;
  const hasText = Boolean(draft) && text.trim() !== '';

  // Why finalising is not possible now, or null when it is.
  let finaliseReason: string | null = null;
  if (!canWrite) finaliseReason = 'Your role can read drafts but not finalise them.';
  else if (!hasText || !draft) finaliseReason = 'Write or generate a draft first.';
  else if (isDirty) finaliseReason = 'Save the draft first: only a saved version can be finalised.';
  else if (!state) finaliseReason = 'Loading the approval status…';
  else if (state.status === 'resolved') finaliseReason = 'This reply has already been approved and sent.';
  else if (state.four_eyes_refuses_caller) finaliseReason = FOUR_EYES_REFUSAL;
  else if (state.class_refusal) finaliseReason = state.class_refusal;
  // The rest of can_finalise is covered above: what is left is the organisation's approval matrix.
  else if (!state.can_finalise) finaliseReason = approvalRefusalText(state.level);

  let submitReason: string | null = null;
  if (!draft || !hasText) submitReason = 'Write or generate a draft first.';
  else if (isDirty) submitReason = 'Save the draft first: the saved version is what gets approved.';
  else if (!state) submitReason = 'Loading the approval status…';
  else if (state.status === 'awaiting_approval') submitReason = 'This draft is already awaiting approval.';
  else if (state.status === 'resolved') submitReason = 'This reply has already been approved and sent.';

  function onSubmit() {
    if (!draft) return;
    submit.mutate(
      { version: draft.version, text: draft.draftText },
      {
        onSuccess: () => {
          toast.success(APPROVAL_TEXTS.submitted);
          focusWhenShown(byId(THREAD_FOCUS.approvalStatus));
        },
        onError: (error) => toast.error(getErrorMessage(error, APPROVAL_TEXTS.submitFailed)),
      },
    );
  }

  function onRequestChanges(comment: string) {
    changes.mutate(
      { messageId, comment },
      {
        onSuccess: () => {
          setChangesOpen(false);
          toast.success(APPROVAL_TEXTS.changesRequested);
        },
        onError: (error) => toast.error(getErrorMessage(error, APPROVAL_TEXTS.requestChangesFailed)),
      },
    );
  }

  const finaliseIcon = isApprover ? <SendHorizontal aria-hidden /> : <CheckCircle2 aria-hidden />;
  return (
    <>
      {canWrite && !(state?.status === 'resolved') ? (
        submitReason ? (
          state?.status === 'awaiting_approval' ? null : (
            <Unavailable
              label={APPROVAL_TEXTS.submitForApproval}
              reason={submitReason}
              icon={<SendHorizontal aria-hidden />}
            />
          )
        ) : (
          <Button type="button" variant="outline" onClick={onSubmit} disabled={submit.isPending}>
            {submit.isPending ? (
              <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
            ) : (
              <SendHorizontal aria-hidden />
            )}
            {APPROVAL_TEXTS.submitForApproval}
          </Button>
        )
      ) : null}
      {isApprover && state?.pending ? (
        <Button type="button" variant="outline" onClick={() => setChangesOpen(true)}>
          <MessageSquareWarning aria-hidden />
          {APPROVAL_TEXTS.requestChanges}
        </Button>
      ) : null}
      {finaliseReason ? (
        <DisabledWithReason reason={finaliseReason}>
          <Button
            type="button"
            aria-disabled="true"
            className="cursor-not-allowed aria-disabled:pointer-events-auto"
            data-testid="finalise"
          >
            {finaliseIcon}
            {finaliseLabel}
            <span className="sr-only">({finaliseReason})</span>
          </Button>
        </DisabledWithReason>
      ) : (
        <Button type="button" onClick={() => setApproveOpen(true)} data-testid="finalise">
          {finaliseIcon}
          {finaliseLabel}
        </Button>
      )}
      <ApproveDialog
        target={approveOpen && draft ? { messageId, version: draft.version } : null}
        onClose={() => setApproveOpen(false)}
        title={finaliseLabel}
        recipient={message.data?.investor_email ?? 'the investor'}
        withRating={isApprover}
        onApproved={() => focusWhenShown(byId(THREAD_FOCUS.approvalStatus))}
      />
      <RequestChangesDialog
        open={changesOpen}
        onOpenChange={setChangesOpen}
        isPending={changes.isPending}
        onConfirm={onRequestChanges}
      />
    </>
  );
}
