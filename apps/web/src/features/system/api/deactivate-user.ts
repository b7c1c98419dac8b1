import { type AdminUser, adminUserSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/users/:id/deactivate: every session of the user ends at once; sign-in is refused. */
export function deactivateUser(userId: string): Promise<AdminUser> {
  return api.post(`/api/users/${encodeURIComponent(userId)}/deactivate`, {}, { parser: adminUserSchema });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
