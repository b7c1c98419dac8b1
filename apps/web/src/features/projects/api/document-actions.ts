import {
  type DocumentDisclosureInput,
  deleteDocumentResponseSchema,
  type ProjectDocument,
  projectDocumentSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/project-keys';
import { api } from '@/lib/api-client';

const documentPath = (input: { projectId: string; documentId: string }) =>
  `/api/projects/${encodeURIComponent(input.projectId)}/documents/${encodeURIComponent(input.documentId)}`;

/** POST /api/projects/:id/documents/:docId/reindex. */
export function reindexDocument(input: { projectId: string; documentId: string }): Promise<ProjectDocument> {
  return api.post(`${documentPath(input)}/reindex`, {}, { parser: projectDocumentSchema });
}

/** DELETE /api/projects/:id/documents/:docId: removes the file and its passages. */
export async function deleteDocument(input: { projectId: string; documentId: string }): Promise<void> {
  await api.delete(documentPath(input), {}, { parser: deleteDocumentResponseSchema });
}

export function useReindexDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reindexDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** PUT /api/projects/:id/documents/:docId/disclosure (docs/decisions/053-non-public-documents.md). */
export function setDocumentDisclosure(
  input: { projectId: string; documentId: string } & DocumentDisclosureInput,
): Promise<ProjectDocument> {
  const { projectId, documentId, ...body } = input;
  return api.put(`${documentPath({ projectId, documentId })}/disclosure`, body, {
    parser: projectDocumentSchema,
  });
}

export function useSetDocumentDisclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDocumentDisclosure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
