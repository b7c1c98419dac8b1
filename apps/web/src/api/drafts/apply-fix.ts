import { type ApplyFixInput, type DraftVersion, draftVersionSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '@/api/messages/message-keys';
import { api } from '@/lib/api-client';

/** POST /api/messages/:id/drafts/:version/apply-fix: the flag's suggestion as a new, checked version. */
export function applyComplianceFix(messageId: string, input: ApplyFixInput): Promise<DraftVersion> {
  return api.post(
    `/api/messages/${encodeURIComponent(messageId)}/drafts/${input.based_on_version}/apply-fix`,
    input,
    { parser: draftVersionSchema },
  );
}

export function useApplyFix(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyFixInput) => applyComplianceFix(messageId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
