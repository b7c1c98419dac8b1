import {
  type CreateTemplateInput,
  complianceDeletedResponseSchema,
  type ResponseTemplate,
  responseTemplateSchema,
  type UpdateTemplateInput,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

const templatePath = (id: string) => `/api/compliance/templates/${encodeURIComponent(id)}`;

/** POST (new) or PATCH (edit) a template (compliance.manage; audited). */
export function saveTemplate(input: {
  id: string | null;
  values: CreateTemplateInput & UpdateTemplateInput;
}): Promise<ResponseTemplate> {
  return input.id
    ? api.patch(templatePath(input.id), input.values, { parser: responseTemplateSchema })
    : api.post('/api/compliance/templates', input.values, { parser: responseTemplateSchema });
}

/** DELETE archives: the template is no longer offered or counted. */
export async function archiveTemplate(id: string): Promise<void> {
  await api.delete(templatePath(id), undefined, { parser: complianceDeletedResponseSchema });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

export function useArchiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}
