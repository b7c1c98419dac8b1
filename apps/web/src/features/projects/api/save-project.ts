import {
  type CreateProjectInput,
  type Project,
  projectSchema,
  type UpdateProjectInput,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';

/** POST /api/projects (new) or PATCH /api/projects/:id (edit). */
export function saveProject(input: {
  id: string | null;
  values: CreateProjectInput & UpdateProjectInput;
}): Promise<Project> {
  return input.id === null
    ? api.post('/api/projects', input.values, { parser: projectSchema })
    : api.patch(`/api/projects/${encodeURIComponent(input.id)}`, input.values, { parser: projectSchema });
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
