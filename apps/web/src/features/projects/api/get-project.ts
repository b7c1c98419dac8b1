import { type Project, projectSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';

/** GET /api/projects/:id: one fund with its counts. */
export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get(`/api/projects/${encodeURIComponent(id)}`, { signal, parser: projectSchema });
}

export function useProject(id: string) {
  return useQuery({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });
}
