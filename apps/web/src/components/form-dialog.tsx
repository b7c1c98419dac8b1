import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PendingButton } from '@/components/pending-button';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** A dialog's title (with an optional icon before it) and the description under it. */
export function FormDialogHeader({
  title,
  description,
  icon: Icon,
}: {
  title: ReactNode;
  description: ReactNode;
  icon?: LucideIcon;
}) {
  return (
    <DialogHeader>
      {Icon ? (
        <DialogTitle className="flex items-center gap-2">
          <Icon className="size-5" aria-hidden="true" />
          {title}
        </DialogTitle>
      ) : (
        <DialogTitle>{title}</DialogTitle>
      )}
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

/**
 * Cancel and the confirming button of a dialog. The confirming button submits the dialog's form,
 * or, given `onConfirm`, is a plain button that calls it.
 */
export function FormDialogFooter({
  confirmLabel,
  confirmIcon,
  isPending,
  isConfirmDisabled = false,
  onConfirm,
  onCancel,
  cancelLabel = 'Cancel',
  isCancelDisabled = false,
}: {
  confirmLabel: ReactNode;
  confirmIcon?: ReactNode;
  isPending: boolean;
  isConfirmDisabled?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
  cancelLabel?: ReactNode;
  isCancelDisabled?: boolean;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={isCancelDisabled}>
        {cancelLabel}
      </Button>
      <PendingButton
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        isPending={isPending}
        disabled={isConfirmDisabled}
        icon={confirmIcon}
      >
        {confirmLabel}
      </PendingButton>
    </DialogFooter>
  );
}
