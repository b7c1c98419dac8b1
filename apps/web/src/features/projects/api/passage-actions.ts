import { type DocumentPassage, documentPassageSchema, type PassageDisclosureInput } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';

/** PUT /api/projects/:id/documents/:docId/passages/:passageId/disclosure (docs/decisions/053-non-public-documents.md). */
export function setPassageDisclosure(
  input: { projectId: string; documentId: string; passageId: string } & PassageDisclosureInput,
): Promise<DocumentPassage> {
  const { projectId, documentId, passageId, ...body } = input;
  return api.put(
    `/api/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}/passages/${encodeURIComponent(passageId)}/disclosure`,
    body,
    { parser: documentPassageSchema },
  );
}

export function useSetPassageDisclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassageDisclosure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
