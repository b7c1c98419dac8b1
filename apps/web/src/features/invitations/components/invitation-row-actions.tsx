import { INVITATION_DAILY_RESEND_CAP, type Invitation } from '@parley/contracts';
import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

type Action = 'resend' | 'copy' | 'delete';

/**
 * Why an action is not offered for a row (docs/product.md §4), or null when it is. Mirrors the server's
 * rules.
 */
export function blockedReason(invitation: Invitation, action: Action): string | null {
  const allowed =
    action === 'resend'
      ? invitation.can_resend
      : action === 'copy'
        ? invitation.can_copy_link
        : invitation.can_delete;
  if (allowed) return null;
  if (invitation.deleted_at) return 'This invitation was deleted';
  if (invitation.status === 'accepted') return 'This invitation was already accepted';
  if (invitation.status === 'revoked') return 'This invitation was revoked';
  if (action === 'delete') return 'Only pending invitations can be deleted';
  if (invitation.status === 'expired') return 'This invitation has expired; send a new one';
  if (action === 'resend' && invitation.resends_remaining === 0)
    return `Daily resend limit reached (${INVITATION_DAILY_RESEND_CAP} a day)`;
  return 'Not available for this invitation';
}

function ActionButton({
  label,
  email,
  reason,
  isBusy,
  isDisabled,
  onClick,
  isDestructive = false,
}: {
  label: string;
  email: string;
  reason: string | null;
  isBusy: boolean;
  isDisabled: boolean;
  onClick: () => void;
  isDestructive?: boolean;
}) {
  const isOff = reason !== null;
  // An action the row forbids stays focusable (aria-disabled, not disabled), so its tooltip can say why.
  const button = (
    <Button
      variant="outline"
      size="sm"
      className={cn(
        isDestructive && 'text-destructive',
        isOff && 'cursor-not-allowed aria-disabled:pointer-events-auto',
      )}
      disabled={!isOff && isDisabled}
      aria-disabled={isOff || undefined}
      aria-busy={isBusy}
      aria-label={isOff ? `${label} invitation for ${email}: ${reason}` : `${label} invitation for ${email}`}
      title={reason ?? undefined}
      onClick={isOff ? undefined : onClick}
    >
      {isBusy ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : null}
      {label}
    </Button>
  );
  if (!isOff) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}

/**
 * Resend, Copy Link and Delete of one row (docs/product.md §2), each off with its reason where the row
 * forbids it.
 */
export function InvitationRowActions({
  invitation,
  busyAction,
  isDisabled,
  onResend,
  onCopyLink,
  onDelete,
}: {
  invitation: Invitation;
  busyAction: Action | null;
  isDisabled: boolean;
  onResend: () => void;
  onCopyLink: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <ActionButton
        label="Resend"
        email={invitation.email}
        reason={blockedReason(invitation, 'resend')}
        isBusy={busyAction === 'resend'}
        isDisabled={isDisabled}
        onClick={onResend}
      />
      <ActionButton
        label="Copy Link"
        email={invitation.email}
        reason={blockedReason(invitation, 'copy')}
        isBusy={busyAction === 'copy'}
        isDisabled={isDisabled}
        onClick={onCopyLink}
      />
      <ActionButton
        label="Delete"
        email={invitation.email}
        reason={blockedReason(invitation, 'delete')}
        isBusy={false}
        isDisabled={isDisabled}
        onClick={onDelete}
        isDestructive
      />
    </div>
  );
}
