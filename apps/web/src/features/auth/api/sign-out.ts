import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api, getErrorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { sessionQueryKey } from '@/lib/session';

/** docs/product.md §8: sign-out ignores 401, 403 and 404 from the server: the session is gone either way. */
const IGNORED_SIGN_OUT_STATUSES = [401, 403, 404];

/** POST /api/auth/sign-out: ends the session on the server and clears its cookie. */
export async function signOut(): Promise<void> {
  try {
    await api.post<unknown>('/api/auth/sign-out');
  } catch (error) {
    if (isApiError(error) && IGNORED_SIGN_OUT_STATUSES.includes(error.status)) return;
    throw error;
  }
}

/** Signs out, forgets everything cached for the user, and goes to /auth (docs/product.md §2). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await navigate(paths.auth, { replace: true });
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, null);
    },
    onError: (error) => {
      toast.error(getErrorMessage(error, 'Failed to sign out. Please try again.'));
    },
  });
}
