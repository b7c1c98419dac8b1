import {
  type ApprovalState,
  CLASS_TEXTS,
  type CommunicationClassView,
  hasCapability,
  LIBRARY_TEXTS,
  type ReplyDeliveryStatus,
} from '@parley/contracts';
import { BookmarkPlus, CircleAlert, Clock, MailCheck, MailWarning, MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import { useApproval } from '@/api/approvals/get-approval';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { THREAD_FOCUS } from '@/lib/focus-when-shown';
import { formatDateTime } from '@/lib/format';
import { libraryAnswerLink } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

const DELIVERY_LABELS: Record<ReplyDeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Delivered to the mail server',
  stored: 'Kept in the outbox (no mail server configured)',
  failed: 'Delivery failed — kept in the outbox',
  suppressed: 'Not sent: the address unsubscribed',
};

const DELIVERY_VARIANTS: Record<ReplyDeliveryStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  queued: 'secondary',
  sent: 'success',
  stored: 'warning',
  failed: 'destructive',
  suppressed: 'destructive',
};

/**
 * The sent reply: to whom, when, which version, and what the mail server did with it. Those who keep
 * the answer library may save its answer there (docs/decisions/028-answer-library.md): the Compliance
 * center opens a new answer prefilled from it.
 */
function SentRecord({ messageId, sent }: { messageId: string; sent: NonNullable<ApprovalState['sent']> }) {
  const { role } = useSignedInSession();
  const canSaveToLibrary = hasCapability(role, 'compliance.manage');
  const isTrouble = sent.delivery === 'failed' || sent.delivery === 'suppressed';
  const Icon = isTrouble ? MailWarning : MailCheck;
  return (
    <Alert variant={isTrouble ? 'destructive' : 'default'} data-testid="approval-sent">
      <Icon aria-hidden />
      <AlertTitle>Reply sent (version {sent.version})</AlertTitle>
      <AlertDescription>
        <p className="break-words">
          To {sent.to} on {when(sent.approved_at)}
          {sent.approved_by_name ? `, approved by ${sent.approved_by_name}` : ''}.
        </p>
        <div className="mt-1 flex flex-wrap gap-1.5">
          <Badge variant={DELIVERY_VARIANTS[sent.delivery]} className="whitespace-normal text-left">
            {DELIVERY_LABELS[sent.delivery]}
          </Badge>
          {sent.communication_class ? (
            <Badge variant="outline" className="whitespace-normal text-left">
              {CLASS_TEXTS.sentAs(sent.communication_class)}
            </Badge>
          ) : null}
        </div>
        {canSaveToLibrary ? (
          // text-foreground: the alert's description mutes its text, which made the button read as disabled.
          <Button asChild variant="outline" size="sm" className="mt-2 w-fit text-foreground">
            <Link to={libraryAnswerLink.buildFromMessage(messageId)}>
              <BookmarkPlus aria-hidden />
              {LIBRARY_TEXTS.saveFromReply}
            </Link>
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * The class the draft would be sent as, and why (docs/decisions/054-communication-class.md): it
 * decides who finalises it and who may override a high flag.
 */
function ClassNote({ view }: { view: CommunicationClassView }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="communication-class">
      <span className="text-muted-foreground">{CLASS_TEXTS.classLabel}</span>
      <Badge variant={view.class === 'correspondence' ? 'outline' : 'secondary'}>
        {CLASS_TEXTS.classNames[view.class]}
      </Badge>
      <span className="text-muted-foreground text-xs">{CLASS_TEXTS.classReason(view)}</span>
    </p>
  );
}

/**
 * Where the reply stands in the approval workflow (docs/product.md §4 Approvals): waiting for a director,
 * returned with
 * the director's comment, withdrawn by an edit, and the sent record.
 */
export function ApprovalStatus({ messageId }: { messageId: string }) {
  return (
    // Focus lands here after Submit for approval and Approve & Send (draft-workspace.tsx).
    <section
      id={THREAD_FOCUS.approvalStatus}
      tabIndex={-1}
      aria-label="Approval status"
      className="empty:hidden"
    >
      <ApprovalStatusContent messageId={messageId} />
    </section>
  );
}

function ApprovalStatusContent({ messageId }: { messageId: string }) {
  const approval = useApproval(messageId);
  if (approval.isPending) return null;
  if (approval.isError) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>The approval status could not be loaded</AlertTitle>
        <AlertDescription>
          <button type="button" className="underline underline-offset-4" onClick={() => approval.refetch()}>
            Try again
          </button>
        </AlertDescription>
      </Alert>
    );
  }
  const { pending, last_decision: decision, sent, status, communication_class: view } = approval.data;
  const isReturned = !pending && status !== 'resolved' && decision?.status === 'changes_requested';
  const isWithdrawn = !pending && status !== 'resolved' && decision?.status === 'voided';
  return (
    <div className="grid gap-3" aria-live="polite">
      {view && status !== 'resolved' ? <ClassNote view={view} /> : null}
      {pending ? (
        <Alert data-testid="approval-pending">
          <Clock aria-hidden />
          <AlertTitle>Awaiting approval</AlertTitle>
          <AlertDescription>
            Version {pending.version} was submitted by {pending.submitted_by_name ?? 'a colleague'} on{' '}
            {when(pending.submitted_at)}. Editing the draft withdraws the submission.
          </AlertDescription>
        </Alert>
      ) : null}
      {isReturned ? (
        <Alert className="border-status-warn/50 bg-status-warn/10" data-testid="approval-returned">
          <MessageSquareWarning aria-hidden />
          <AlertTitle>
            Changes requested{decision.decided_by_name ? ` by ${decision.decided_by_name}` : ''}
          </AlertTitle>
          <AlertDescription>
            <p className="whitespace-pre-wrap break-words">{decision.comment}</p>
            <p className="text-xs">{when(decision.decided_at)}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {isWithdrawn ? (
        <p className="text-muted-foreground text-sm">
          The last submission (version {decision.version}) was withdrawn because the draft was edited.
        </p>
      ) : null}
      {sent ? <SentRecord messageId={messageId} sent={sent} /> : null}
      {sent && status !== 'resolved' ? (
        <p className="text-muted-foreground text-sm">
          The draft was edited after it was sent, so the message is open again.
        </p>
      ) : null}
    </div>
  );
}
