import { type CreateMessageInput, type Message, messageSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** POST /api/messages: records the investor message (sentiment computed, topics suggested if none). */
export function createMessage(input: CreateMessageInput): Promise<Message> {
  return api.post('/api/messages', input, { parser: messageSchema });
}

export function useCreateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessage,
    // The inbox lists and their counts change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
