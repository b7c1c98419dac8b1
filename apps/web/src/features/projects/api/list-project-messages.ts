import { type ListMessagesResponse, listMessagesResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './project-keys';

/** GET /api/messages?project_id: the newest messages about one fund. */
export function listProjectMessages(projectId: string, signal?: AbortSignal): Promise<ListMessagesResponse> {
  const params = new URLSearchParams({ project_id: projectId, limit: '20' });
  return api.get(`/api/messages?${params}`, { signal, parser: listMessagesResponseSchema });
}

export function useProjectMessages(projectId: string) {
  return useQuery({
    queryKey: projectKeys.messages(projectId),
    queryFn: ({ signal }) => listProjectMessages(projectId, signal),
  });
}
