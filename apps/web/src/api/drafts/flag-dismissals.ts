import {
  type DismissFlagInput,
  type DraftVersion,
  draftVersionSchema,
  type RestoreFlagInput,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { messageKeys } from '@/api/messages/message-keys';
import { api } from '@/lib/api-client';

type FlagOfVersion = { version: number };

function flagsPath(messageId: string, version: number, action: 'dismiss' | 'restore') {
  return `/api/messages/${encodeURIComponent(messageId)}/drafts/${version}/flags/${action}`;
}

/** POST …/drafts/:version/flags/dismiss: 'not a problem here', with the reason. */
export function dismissFlag(
  messageId: string,
  input: FlagOfVersion & DismissFlagInput,
): Promise<DraftVersion> {
  const { version, ...body } = input;
  return api.post(flagsPath(messageId, version, 'dismiss'), body, { parser: draftVersionSchema });
}

/** POST …/drafts/:version/flags/restore: undo, the flag counts again. */
export function restoreFlag(
  messageId: string,
  input: FlagOfVersion & RestoreFlagInput,
): Promise<DraftVersion> {
  const { version, ...body } = input;
  return api.post(flagsPath(messageId, version, 'restore'), body, { parser: draftVersionSchema });
}

/** Either changes what every version of the message and the Compliance center's Cleared flags show. */
function useFlagMutation<I>(mutationFn: (input: I) => Promise<DraftVersion>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.all }),
        queryClient.invalidateQueries({ queryKey: complianceKeys.flagDismissals() }),
      ]),
  });
}

export function useDismissFlag(messageId: string) {
  return useFlagMutation((input: FlagOfVersion & DismissFlagInput) => dismissFlag(messageId, input));
}

export function useRestoreFlag(messageId: string) {
  return useFlagMutation((input: FlagOfVersion & RestoreFlagInput) => restoreFlag(messageId, input));
}
