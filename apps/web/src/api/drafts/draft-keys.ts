import { messageKeys } from '@/api/messages/message-keys';

/**
 * Query keys of a message's draft versions, under the message root and holding the message id, so a
 * realtime `draft.saved` for it refreshes them; saving or generating invalidates `of(id)`.
 */
export const draftKeys = {
  of: (messageId: string) => [...messageKeys.all, 'drafts', messageId] as const,
  latest: (messageId: string) => [...draftKeys.of(messageId), 'latest'] as const,
  versions: (messageId: string) => [...draftKeys.of(messageId), 'versions'] as const,
  version: (messageId: string, version: number) => [...draftKeys.of(messageId), 'version', version] as const,
};
