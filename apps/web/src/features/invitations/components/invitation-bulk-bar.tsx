import { BULK_DELETE_REASON } from '@parley/contracts';
import { LoaderCircle, RotateCw, Trash2, X } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import type { useBulkInvitationAction } from '../hooks/use-bulk-invitation-action';

/**
 * The bulk actions over the selected rows: Resend Selected, Delete Selected (confirmed first)
 * and Clear. Shown while something is selected; the confirmation outlives it until the server answers.
 */
export function InvitationBulkBar({
  selectedIds,
  bulk,
  isBusy,
  onClear,
}: {
  selectedIds: readonly string[];
  bulk: ReturnType<typeof useBulkInvitationAction>;
  /** A bulk or row action is running: the bulk actions wait for it. */
  isBusy: boolean;
  onClear: () => void;
}) {
  const count = selectedIds.length;
  return (
    <>
      {count > 0 ? (
        <div
          role="toolbar"
          aria-label="Selected invitations"
          className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2"
        >
          <span className="mr-auto text-sm" aria-live="polite">
            {count} selected
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={isBusy}
            onClick={() => bulk.run('resend', selectedIds)}
          >
            {bulk.running === 'resend' ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : (
              <RotateCw aria-hidden="true" />
            )}
            Resend Selected
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive"
            disabled={isBusy}
            onClick={() => bulk.setConfirmingDelete(true)}
          >
            <Trash2 aria-hidden="true" />
            Delete Selected
          </Button>
          <Button size="sm" variant="ghost" disabled={bulk.running !== null} onClick={onClear}>
            <X aria-hidden="true" />
            Clear
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={bulk.isConfirmingDelete}
        onOpenChange={bulk.setConfirmingDelete}
        title={`Delete ${count} selected invitations?`}
        description={`Their links stop working at once. Each is recorded with the reason “${BULK_DELETE_REASON}”; invitations that are no longer pending are left as they are and counted as failed.`}
        confirmLabel="Delete Selected"
        isDestructive
        isPending={bulk.running !== null}
        onConfirm={() => bulk.run('delete', selectedIds)}
      />
    </>
  );
}
