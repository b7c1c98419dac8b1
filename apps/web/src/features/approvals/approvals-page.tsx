import { APPROVAL_TEXTS, type ApprovalItem, type ApprovalQueueSort } from '@parley/contracts';
import { ArrowDownUp, CircleAlert, ClipboardCheck, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useRequestChanges } from '@/api/approvals/request-changes';
import { RequestChangesDialog } from '@/components/approval-dialogs';
import { ApproveDialog } from '@/components/approve-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { byId, focusWhenShown } from '@/lib/focus-when-shown';
import { useApprovalQueue } from './api/list-approvals';
import { ApprovalItemCard } from './components/approval-item-card';
import { ApprovalStatsCards } from './components/approval-stats-cards';

/**
 * /approvals (docs/product.md §2 Approval queue), live: stats, the pending submissions (flagged first, then
 * newest first, or oldest first with Sort by Age) with their flagged passages, View Draft, Request
 * Changes with a comment, Approve & Send through the dialog that restates the draft and its flags.
 * Realtime events refresh it.
 */
const QUEUE_ID = 'approval-queue';

export function ApprovalsPage() {
  const [sort, setSort] = useState<ApprovalQueueSort>('newest');
  const queue = useApprovalQueue(sort);
  const changes = useRequestChanges();
  const [approving, setApproving] = useState<ApprovalItem | null>(null);
  const [returning, setReturning] = useState<ApprovalItem | null>(null);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const isByAge = sort === 'age';

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
      {/* Focus returns here after an approval: the approved item has left the list. */}
      <section
        id={QUEUE_ID}
        tabIndex={-1}
        aria-label="Pending approvals"
        aria-busy={queue.isFetching}
        className="grid gap-3"
      >
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {isByAge
            ? 'Flagged first, then oldest submissions first'
            : 'Flagged first, then newest submissions first'}
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
        target={approving ? { messageId: approving.message_id, version: approving.version } : null}
        onClose={() => setApproving(null)}
        title={APPROVAL_TEXTS.approveAndSend}
        recipient={approving ? approving.investor_name : 'the investor'}
        withRating
        onApproved={() => focusWhenShown(byId(QUEUE_ID))}
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
