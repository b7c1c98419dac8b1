import type { InvitationTab } from '@parley/contracts';

/** Query keys of the Invite Users screen; every mutation invalidates `invitationKeys.all`. */
export const invitationKeys = {
  all: ['invitations'] as const,
  lists: () => [...invitationKeys.all, 'list'] as const,
  page: (input: { tab: InvitationTab; showDeleted: boolean; cursor: string | null }) =>
    [...invitationKeys.lists(), input] as const,
};
