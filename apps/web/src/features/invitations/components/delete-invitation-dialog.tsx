import { INVITATION_DELETE_REASON_MAX, INVITATION_TEXTS, type Invitation } from '@parley/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteInvitation } from '../api/delete-invitation';

/**
 * docs/product.md §2: Delete opens a dialog with an optional reason; the dialog stays open until the server
 * answers.
 */
export function DeleteInvitationDialog({
  invitation,
  onClose,
}: {
  invitation: Invitation | null;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const remove = useDeleteInvitation();

  function close() {
    setReason('');
    onClose();
  }

  function confirm() {
    if (!invitation || remove.isPending) return;
    remove.mutate(
      { id: invitation.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(INVITATION_TEXTS.deleted);
          close();
        },
        onError: (error) => {
          const message = getErrorMessage(error, INVITATION_TEXTS.deleteFailed);
          toast.error(INVITATION_TEXTS.deleteFailed, {
            description: message === INVITATION_TEXTS.deleteFailed ? undefined : message,
          });
        },
      },
    );
  }

  const reasonId = `${id}-reason`;
  return (
    <ConfirmDialog
      open={invitation !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={invitation ? `Delete the invitation for ${invitation.email}?` : null}
      description="The invitation link stops working at once. The invitation stays visible under Deleted."
      confirmLabel="Delete invitation"
      isDestructive
      isPending={remove.isPending}
      onConfirm={confirm}
    >
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>Reason (optional)</Label>
        <Textarea
          id={reasonId}
          value={reason}
          maxLength={INVITATION_DELETE_REASON_MAX}
          placeholder="Why is this invitation withdrawn?"
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${reasonId}-hint`}
        />
        <p id={`${reasonId}-hint`} className="text-muted-foreground text-xs">
          {reason.length}/{INVITATION_DELETE_REASON_MAX} characters, kept with the invitation and in the audit
          log.
        </p>
      </div>
    </ConfirmDialog>
  );
}
