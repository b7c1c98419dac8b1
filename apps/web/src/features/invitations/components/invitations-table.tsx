import type { Invitation } from '@parley/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { useInvitationSelection } from '../hooks/use-invitation-selection';
import { InvitationRow, type InvitationRowHandlers } from './invitation-row';

/** One page of invitations, with select-all for the page and a checkbox per row. */
export function InvitationsTable({
  label,
  rows,
  isFetching,
  selection,
  handlers,
}: {
  label: string;
  rows: readonly Invitation[];
  /** A newer page is on its way: the table says it is busy. */
  isFetching: boolean;
  selection: ReturnType<typeof useInvitationSelection>;
  handlers: InvitationRowHandlers;
}) {
  const rowIds = rows.map((row) => row.id);
  return (
    <Table stacked aria-busy={isFetching} aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-8">
            <Checkbox
              aria-label="Select all invitations on this page"
              checked={selection.stateOf(rowIds)}
              disabled={handlers.isSelectionLocked}
              onCheckedChange={(checked) => selection.toggle(rowIds, checked === true)}
            />
          </TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Sent / Expires</TableHead>
          <TableHead className="text-right">Resends</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            invitation={invitation}
            isSelected={selection.isSelected(invitation.id)}
            onSelectedChange={(isChecked) => selection.toggle([invitation.id], isChecked)}
            handlers={handlers}
          />
        ))}
      </TableBody>
    </Table>
  );
}
