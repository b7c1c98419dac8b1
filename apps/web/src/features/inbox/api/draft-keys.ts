import { messageQueryRoot } from '@/lib/query-keys';

/**
 * Query keys of a message's draft versions, under the shared message root and holding the message
 * id, so a realtime `draft.saved` for it refreshes them; saving or generating invalidates `of(id)`.
 */
export const draftKeys = {
  of: (messageId: string) => [...messageQueryRoot, 'drafts', messageId] as const,
  latest: (messageId: string) => [...draftKeys.of(messageId), 'latest'] as const,
  versions: (messageId: string) => [...draftKeys.of(messageId), 'versions'] as const,
  version: (messageId: string, version: number) => [...draftKeys.of(messageId), 'version', version] as const,
};
