import {
  INVITATION_PAGE_SIZE_DEFAULT,
  type InvitationTab,
  type ListInvitationsResponse,
  listInvitationsResponseSchema,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

export type InvitationPageInput = { tab: InvitationTab; showDeleted: boolean; cursor: string | null };

/** GET /api/invitations?tab&show_deleted&cursor&limit: one page of a tab, with every tab's count. */
export function listInvitations(
  input: InvitationPageInput,
  signal?: AbortSignal,
): Promise<ListInvitationsResponse> {
  const params = new URLSearchParams({
    tab: input.tab,
    show_deleted: String(input.showDeleted),
    limit: String(INVITATION_PAGE_SIZE_DEFAULT),
  });
  if (input.cursor) params.set('cursor', input.cursor);
  return api.get(`/api/invitations?${params}`, { signal, parser: listInvitationsResponseSchema });
}

export function invitationsQueryOptions(input: InvitationPageInput) {
  return queryOptions({
    queryKey: invitationKeys.page(input),
    queryFn: ({ signal }) => listInvitations(input, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(input: InvitationPageInput) {
  return useQuery(invitationsQueryOptions(input));
}
