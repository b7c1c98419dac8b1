import { formatRole, type Invitation } from '@parley/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatDate, formatDateTime } from '@/lib/format';
import type { RowBusy } from '../hooks/use-invitation-row-actions';
import { InvitationRowActions } from './invitation-row-actions';
import { InvitationStatusBadge } from './invitation-status-badge';

/** What a row can do and how it is shown while actions run. */
export type InvitationRowHandlers = {
  /** The row action under way, if any (its button shows a spinner). */
  busy: RowBusy;
  /** Some action is running: the other actions wait for it. */
  isBusy: boolean;
  /** A bulk action is running: the selection cannot change. */
  isSelectionLocked: boolean;
  onResend: (invitation: Invitation) => void;
  onCopyLink: (invitation: Invitation) => void;
  onDelete: (invitation: Invitation) => void;
};

/** One invitation: its checkbox, address, role, status, sent and expiry dates, resends and actions. */
export function InvitationRow({
  invitation,
  isSelected,
  onSelectedChange,
  handlers,
}: {
  invitation: Invitation;
  isSelected: boolean;
  onSelectedChange: (isSelected: boolean) => void;
  handlers: InvitationRowHandlers;
}) {
  const sentAt = invitation.last_sent_at ?? invitation.created_at;
  return (
    <TableRow data-state={isSelected ? 'selected' : undefined}>
      <TableCell label="Select">
        <Checkbox
          aria-label={`Select the invitation for ${invitation.email}`}
          checked={isSelected}
          disabled={handlers.isSelectionLocked}
          onCheckedChange={(checked) => onSelectedChange(checked === true)}
        />
      </TableCell>
      <TableCell className="min-w-44 max-w-64 whitespace-normal break-all font-medium">
        {invitation.email}
      </TableCell>
      <TableCell label="Role">{formatRole(invitation.role)}</TableCell>
      <TableCell label="Status">
        <InvitationStatusBadge invitation={invitation} />
      </TableCell>
      <TableCell label="Sent / Expires" className="text-muted-foreground text-xs leading-5">
        <div className="max-md:text-right">
          <time dateTime={sentAt} title={formatDateTime(sentAt)} className="block text-foreground">
            {formatDate(sentAt)}
          </time>
          <time
            dateTime={invitation.expires_at}
            title={formatDateTime(invitation.expires_at)}
            className="block"
          >
            {invitation.status === 'expired' ? 'expired' : 'expires'} {formatDate(invitation.expires_at)}
          </time>
        </div>
      </TableCell>
      <TableCell label="Resends" className="text-right tabular-nums">
        {invitation.resend_count_lifetime}
      </TableCell>
      <TableCell>
        <InvitationRowActions
          invitation={invitation}
          busyAction={handlers.busy?.id === invitation.id ? handlers.busy.action : null}
          isDisabled={handlers.isBusy}
          onResend={() => handlers.onResend(invitation)}
          onCopyLink={() => handlers.onCopyLink(invitation)}
          onDelete={() => handlers.onDelete(invitation)}
        />
      </TableCell>
    </TableRow>
  );
}
