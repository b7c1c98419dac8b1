import type { InvitationTab } from '@parley/contracts';

/** The manage list's tabs as people read them. */
export const TAB_LABELS: Record<InvitationTab, string> = {
  all: 'All',
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  deleted: 'Deleted',
};
