import { APPROVAL_TEXTS, type ApprovalItem, type ApprovalQueueSort } from '@parley/contracts';
import { ArrowDownUp, CircleAlert, ClipboardCheck, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useApproveMessage } from '@/api/approvals/approve';
import { useRequestChanges } from '@/api/approvals/request-changes';
import { ApproveDialog, RequestChangesDialog } from '@/components/approval-dialogs';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useApprovalQueue } from './api/list-approvals';
import { ApprovalItemCard } from './components/approval-item-card';
import { ApprovalStatsCards } from './components/approval-stats-cards';

/**
 * /approvals (docs/product.md §2 Approval queue), live: stats, the pending submissions (newest first, or
 * oldest first with Sort by Age), View Draft, Request Changes with a comment, Approve & Send with
 * an optional rating. Realtime events refresh it.
 */
export function ApprovalsPage() {
  const [sort, setSort] = useState<ApprovalQueueSort>('newest');
  const queue = useApprovalQueue(sort);
  const approve = useApproveMessage();
  const changes = useRequestChanges();
  const [approving, setApproving] = useState<ApprovalItem | null>(null);
  const [returning, setReturning] = useState<ApprovalItem | null>(null);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const isByAge = sort === 'age';

  function onApprove(rating: number | undefined) {
    if (!approving) return;
    const { message_id: messageId, version, text_sha256 } = approving;
    approve.mutate(
      { messageId, version, text_sha256, rating },
      {
        onSuccess: (result) => {
          setApproving(null);
          toast.success(APPROVAL_TEXTS.approved);
          if (result.delivery === 'failed') toast.warning(APPROVAL_TEXTS.replyNotSent);
        },
        onError: (error) => {
          setApproving(null);
          if (isApiError(error) && (error.status === 403 || error.status === 409)) toast.error(error.message);
          else toast.error(APPROVAL_TEXTS.approveFailed);
        },
      },
    );
  }

  function onRequestChanges(comment: string) {
    if (!returning) return;
    changes.mutate(
      { messageId: returning.message_id, comment },
      {
        onSuccess: () => {
          setReturning(null);
          toast.success(APPROVAL_TEXTS.changesRequested);
        },
        onError: (error) => toast.error(getErrorMessage(error, APPROVAL_TEXTS.requestChangesFailed)),
      },
    );
  }

  return (
    <Page>
      <PageHeader
        title={APPROVAL_TEXTS.title}
        subtitle={APPROVAL_TEXTS.subtitle}
        actions={
          <Button
            type="button"
            variant={isByAge ? 'secondary' : 'outline'}
            aria-pressed={isByAge}
            onClick={() => setSort(isByAge ? 'newest' : 'age')}
          >
            <ArrowDownUp aria-hidden />
            {APPROVAL_TEXTS.sortByAge}
            <span className="sr-only">{isByAge ? '(oldest first)' : '(newest first)'}</span>
          </Button>
        }
      />
      <ApprovalStatsCards />
      <section aria-label="Pending approvals" aria-busy={queue.isFetching} className="grid gap-3">
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {isByAge ? 'Oldest submissions first' : 'Newest submissions first'}
        </p>
        {queue.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading approvals" />
          </div>
        ) : queue.isError && items.length === 0 ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>{APPROVAL_TEXTS.loadFailed}</AlertTitle>
            <AlertDescription>
              <p>{getErrorMessage(queue.error, 'Please try again.')}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void queue.refetch()}>
                <RotateCw aria-hidden /> Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : items.length === 0 ? (
          <EmptyState
            icon={ClipboardCheck}
            title={APPROVAL_TEXTS.empty}
            description="Drafts submitted for approval appear here, with their compliance flags."
          />
        ) : (
          <>
            <ul className="grid gap-3">
              {items.map((item) => (
                <li key={item.request_id}>
                  <ApprovalItemCard
                    item={item}
                    onApprove={() => setApproving(item)}
                    onRequestChanges={() => setReturning(item)}
                  />
                </li>
              ))}
            </ul>
            <LoadMore query={queue} failedText={APPROVAL_TEXTS.loadFailed} />
          </>
        )}
      </section>
      <ApproveDialog
        open={approving !== null}
        onOpenChange={(open) => {
          if (!open) setApproving(null);
        }}
        title={APPROVAL_TEXTS.approveAndSend}
        confirmLabel={APPROVAL_TEXTS.approveAndSend}
        recipient={approving ? approving.investor_name : 'the investor'}
        withRating
        isPending={approve.isPending}
        onConfirm={onApprove}
      />
      <RequestChangesDialog
        open={returning !== null}
        onOpenChange={(open) => {
          if (!open) setReturning(null);
        }}
        isPending={changes.isPending}
        onConfirm={onRequestChanges}
      />
    </Page>
  );
}
