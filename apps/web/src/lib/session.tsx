import { type SessionResponse, sessionResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api, isApiError } from './api-client';

export const sessionQueryKey = ['session'] as const;

/** GET /api/auth/session. A 401 is not a failure here: it means signed out, so the data is null. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  try {
    return await api.get('/api/auth/session', { signal, parser: sessionResponseSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 30_000,
});

/** The session as the server sees it: undefined while loading, null when signed out. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

const SignedInSessionContext = createContext<SessionResponse | null>(null);

export const SignedInSessionProvider = SignedInSessionContext.Provider;

/** The signed-in user's session, for anything rendered behind the sign-in guard. */
export function useSignedInSession(): SessionResponse {
  const session = useContext(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession is used outside the sign-in guard');
  return session;
}
