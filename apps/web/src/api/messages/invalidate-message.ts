import type { QueryClient } from '@tanstack/react-query';
import { messageKeys } from './message-keys';

/** After a change to one message (submission, decision): the lists, and every query naming the message. */
export function invalidateMessage(queryClient: QueryClient, messageId: string) {
  void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(messageId) });
}
