import { type ProfileResponse, profileResponseSchema, type UpdateProfileInput } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** PATCH /api/profile {name}: one's own name (docs/product.md §2 Settings). */
export function updateProfile(input: UpdateProfileInput): Promise<ProfileResponse> {
  return api.patch('/api/profile', input, { parser: profileResponseSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The sidebar shows the name from the session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
