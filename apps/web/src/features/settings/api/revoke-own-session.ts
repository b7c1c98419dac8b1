import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** DELETE /api/auth/sessions/:id: signs out one of one's own sessions (the current one too). */
export function revokeOwnSession(id: string): Promise<void> {
  return api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`);
}

export function useRevokeOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOwnSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
