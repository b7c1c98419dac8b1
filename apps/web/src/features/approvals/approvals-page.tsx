import {
  APPROVAL_TEXTS,
  type ApprovalItem,
  type ApprovalQueueSort,
  SUPERVISORY_REVIEW_TEXTS,
} from '@parley/contracts';
import { ArrowDownUp, CircleAlert, ClipboardCheck, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useRequestChanges } from '@/api/approvals/request-changes';
import { RequestChangesDialog } from '@/components/approval-dialogs';
import { ApproveDialog } from '@/components/approve-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-client';
import { byId, focusWhenShown } from '@/lib/focus-when-shown';
import { useApprovalQueue } from './api/list-approvals';
import { useSupervisoryReviews } from './api/supervisory-reviews';
import { ApprovalItemCard } from './components/approval-item-card';
import { ApprovalStatsCards } from './components/approval-stats-cards';
import { PostSendReview } from './components/post-send-review';

/**
 * /approvals (docs/product.md §2 Approval queue), live: stats, the pending submissions (flagged first, then
 * newest first, or oldest first with Sort by Age) with their flagged passages, View Draft, Request
 * Changes with a comment, Approve & Send through the dialog that restates the draft and its flags.
 * Realtime events refresh it. Its second tab, Post-send review (`?view=post-send`), is the supervisory
 * review of replies sent without pre-approval (docs/decisions/055-supervisory-review.md).
 */
const QUEUE_ID = 'approval-queue';
/** The page's query parameter naming its tab; the approval queue is the default. */
const VIEW_PARAM = 'view';
const POST_SEND_VIEW = 'post-send';

export function ApprovalsPage() {
  const [sort, setSort] = useState<ApprovalQueueSort>('newest');
  const queue = useApprovalQueue(sort);
  const changes = useRequestChanges();
  const [approving, setApproving] = useState<ApprovalItem | null>(null);
  const [returning, setReturning] = useState<ApprovalItem | null>(null);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const isByAge = sort === 'age';
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get(VIEW_PARAM) === POST_SEND_VIEW ? POST_SEND_VIEW : 'queue';
  // The pending count on the tab: the same query the review's first page uses.
  const postSendPending = useSupervisoryReviews('pending', null).data?.pending;

  function changeView(next: string) {
    setSearchParams(
      (params) => {
        if (next === POST_SEND_VIEW) params.set(VIEW_PARAM, POST_SEND_VIEW);
        else params.delete(VIEW_PARAM);
        return params;
      },
      { replace: true },
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
          view === POST_SEND_VIEW ? null : (
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
          )
        }
      />
      <Tabs value={view} onValueChange={changeView}>
        <TabsList aria-label="Approvals">
          <TabsTrigger value="queue">{SUPERVISORY_REVIEW_TEXTS.approvalsTab}</TabsTrigger>
          <TabsTrigger value={POST_SEND_VIEW}>
            {SUPERVISORY_REVIEW_TEXTS.tab}
            {postSendPending ? (
              <Badge variant="secondary" className="tabular-nums">
                {postSendPending}
                <span className="sr-only"> to review</span>
              </Badge>
            ) : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value={POST_SEND_VIEW} className="pt-2">
          <PostSendReview />
        </TabsContent>
        <TabsContent value="queue" className="grid gap-6 pt-2">
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
        </TabsContent>
      </Tabs>
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
