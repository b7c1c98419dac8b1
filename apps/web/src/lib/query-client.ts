import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthenticated } from './api-client';
import { sessionQueryKey } from './session';

/**
 * One client for the app. When any call answers UNAUTHENTICATED the session has ended on the
 * server (expired or revoked), so the session becomes null and the sign-in guard sends the user to
 * /auth. A 4xx is an answer, not a glitch: only network and server failures are retried, once.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthenticated(error)) queryClient.setQueryData(sessionQueryKey, null);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthenticated(error)) queryClient.setQueryData(sessionQueryKey, null);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
