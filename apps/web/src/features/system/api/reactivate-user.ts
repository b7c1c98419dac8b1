import { type AdminUser, adminUserSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/users/:id/reactivate: the user may sign in again. */
export function reactivateUser(userId: string): Promise<AdminUser> {
  return api.post(`/api/users/${encodeURIComponent(userId)}/reactivate`, {}, { parser: adminUserSchema });
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
