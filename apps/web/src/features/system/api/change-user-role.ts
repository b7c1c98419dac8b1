import { type AdminUser, adminUserSchema, type Role } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { adminKeys } from './admin-keys';

/** PATCH /api/users/:id/role {role}: the server refuses to demote the organisation's last admin (409). */
export function changeUserRole(input: { userId: string; role: Role }): Promise<AdminUser> {
  return api.patch(
    `/api/users/${encodeURIComponent(input.userId)}/role`,
    { role: input.role },
    { parser: adminUserSchema },
  );
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      // An admin who changed their own role sees their new menu (or loses this page) at once.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
