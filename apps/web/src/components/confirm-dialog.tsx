import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';

/**
 * Asks to confirm one consequential action: a title, a description, optional extra content (such as
 * a reason field), Cancel and the confirming button.
 *
 * By default the dialog stays open after the confirming click, so it can show the server's progress
 * (`isPending`: both buttons disabled, a spinner, and Escape does nothing) until the caller closes it.
 * With `closeOnConfirm` it closes at once. Either controlled (`open`, `onOpenChange`) or opened by
 * its `trigger`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  isDestructive = false,
  isPending,
  closeOnConfirm = false,
  onConfirm,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog (uncontrolled use). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  isDestructive?: boolean;
  /** The confirmed action is running; omit where the dialog closes before it starts. */
  isPending?: boolean;
  closeOnConfirm?: boolean;
  onConfirm: () => void;
  /** Shown between the description and the buttons. */
  children?: ReactNode;
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && isPending) return;
        onOpenChange?.(isOpen);
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant={isDestructive ? 'destructive' : 'default'}
            disabled={isPending}
            aria-busy={isPending}
            onClick={(event) => {
              // Stays open while the server decides, unless asked to close at once.
              if (!closeOnConfirm) event.preventDefault();
              onConfirm();
            }}
          >
            {isPending ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
