import { INVITATION_TEXTS, type Invitation, TEXTS } from '@parley/contracts';
import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { CursorPager } from '@/components/cursor-pager';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useInvitations } from '../api/list-invitations';
import { useBulkInvitationAction } from '../hooks/use-bulk-invitation-action';
import { useInvitationListView } from '../hooks/use-invitation-list-view';
import { useInvitationRowActions } from '../hooks/use-invitation-row-actions';
import { useInvitationSelection } from '../hooks/use-invitation-selection';
import { TAB_LABELS } from '../tab-labels';
import { DeleteInvitationDialog } from './delete-invitation-dialog';
import { InvitationBulkBar } from './invitation-bulk-bar';
import { InvitationListFilters } from './invitation-list-filters';
import { InvitationsEmpty } from './invitations-empty';
import { InvitationsTable } from './invitations-table';

/**
 * docs/product.md §2 Invite user, the manage list: tabs with counts, 'Show deleted', select-all and row
 * checkboxes, bulk Resend Selected / Delete Selected / Clear, and per-row Resend, Copy Link, Delete.
 * Every tab, count and page comes from the server.
 */
export function InvitationsList() {
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const listId = `${baseId}-list`;
  const view = useInvitationListView();
  const selection = useInvitationSelection(view.pageKey);
  const rowActions = useInvitationRowActions();
  const bulk = useBulkInvitationAction({ onSettled: selection.clear });
  const [toDelete, setToDelete] = useState<Invitation | null>(null);

  const invitations = useInvitations({ tab: view.tab, showDeleted: view.showDeleted, cursor: view.cursor });
  const page = invitations.data;
  const rows = page?.items ?? [];
  const isBusy = bulk.running !== null || rowActions.busy !== null;

  // docs/product.md §8: 'Failed to load invitations', once per failure.
  const failedAt = invitations.isError ? invitations.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) toast.error(INVITATION_TEXTS.loadFailed);
  }, [failedAt]);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="gap-1.5">
        <CardTitle id={titleId}>Manage invitations</CardTitle>
        <CardDescription>
          Resend, Copy Link and Delete work on pending invitations. Resend and Copy Link each make a new link:
          the one sent before stops working.
        </CardDescription>
      </CardHeader>
      <CardContent id={listId} className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <InvitationListFilters
          listId={listId}
          tab={view.tab}
          showDeleted={view.showDeleted}
          counts={page?.counts}
          onTabChange={view.changeTab}
          onShowDeletedChange={view.changeShowDeleted}
        />

        <InvitationBulkBar
          selectedIds={selection.selectedIds}
          bulk={bulk}
          isBusy={isBusy}
          onClear={selection.clear}
        />

        {invitations.isPending ? (
          <Spinner label={TEXTS.loading} className="py-8" />
        ) : invitations.isError && !page ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{INVITATION_TEXTS.loadFailed}</AlertTitle>
            <AlertDescription>
              <Button
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={() => void invitations.refetch()}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : rows.length === 0 ? (
          <InvitationsEmpty tab={view.tab} />
        ) : (
          <InvitationsTable
            label={`${TAB_LABELS[view.tab]} invitations`}
            rows={rows}
            isFetching={invitations.isFetching}
            selection={selection}
            handlers={{
              busy: rowActions.busy,
              isBusy,
              isSelectionLocked: bulk.running !== null,
              onResend: rowActions.resendRow,
              onCopyLink: rowActions.copyLink,
              onDelete: setToDelete,
            }}
          />
        )}

        {view.pageNumber > 1 || page?.next_cursor ? (
          <CursorPager
            status={`Page ${view.pageNumber}`}
            isFetching={invitations.isFetching}
            canGoBack={view.pageNumber > 1}
            canGoForward={Boolean(page?.next_cursor) && !invitations.isPlaceholderData}
            onPrevious={view.goToPreviousPage}
            onNext={() => page?.next_cursor && view.goToNextPage(page.next_cursor)}
          />
        ) : null}
      </CardContent>

      <DeleteInvitationDialog invitation={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
