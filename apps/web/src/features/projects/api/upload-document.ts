import { type ProjectDocument, projectDocumentSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { uploadFile } from '@/lib/upload';

/** POST /api/projects/:id/documents (multipart): uploads and indexes one file, reporting progress. */
export function uploadDocument(input: {
  projectId: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<ProjectDocument> {
  return uploadFile(`/api/projects/${encodeURIComponent(input.projectId)}/documents`, input.file, {
    parser: projectDocumentSchema,
    onProgress: input.onProgress,
  });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
