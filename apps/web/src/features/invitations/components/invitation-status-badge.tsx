import type { Invitation } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';

const STATUS: Record<
  Invitation['status'],
  { label: string; variant: 'secondary' | 'success' | 'outline' | 'destructive' | 'warning' }
> = {
  pending: { label: 'Pending', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  expired: { label: 'Expired', variant: 'outline' },
  revoked: { label: 'Revoked', variant: 'secondary' },
};

/**
 * The row's state (docs/product.md §3/§4). A soft-deleted row shows the separate Deleted marker instead, with
 * its status and reason in the title.
 */
export function InvitationStatusBadge({ invitation }: { invitation: Invitation }) {
  const status = STATUS[invitation.status];
  if (invitation.deleted_at) {
    const reason = invitation.delete_reason ? `: ${invitation.delete_reason}` : '';
    return (
      <Badge variant="destructive" title={`${status.label}${reason}`}>
        Deleted
      </Badge>
    );
  }
  return <Badge variant={status.variant}>{status.label}</Badge>;
}
