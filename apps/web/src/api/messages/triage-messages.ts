import {
  type BulkMessagesInput,
  bulkMessagesResponseSchema,
  type Message,
  messageSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** PUT /api/messages/:id/owner: the member who looks after the message, or nobody. */
export function setMessageOwner(input: { id: string; ownerId: string | null }): Promise<Message> {
  return api.put(
    `/api/messages/${encodeURIComponent(input.id)}/owner`,
    { owner_id: input.ownerId },
    { parser: messageSchema },
  );
}

/** POST /api/messages/bulk: resolve, reopen or assign a selection, all or nothing. */
export function changeMessages(input: BulkMessagesInput) {
  return api.post('/api/messages/bulk', input, { parser: bulkMessagesResponseSchema });
}

/** Both change lists, counts and the threads: everything under the messages key refreshes. */
function useInvalidatingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useSetMessageOwner() {
  return useInvalidatingMutation(setMessageOwner);
}

export function useChangeMessages() {
  return useInvalidatingMutation(changeMessages);
}
