import { messageAssigneesResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** GET /api/messages/assignees: the organisation's active members to give a message to. */
export function useMessageAssignees(isEnabled: boolean) {
  return useQuery({
    queryKey: messageKeys.assignees,
    queryFn: ({ signal }) =>
      api.get('/api/messages/assignees', { signal, parser: messageAssigneesResponseSchema }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
