import { type MfaStatusResponse, mfaStatusResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mfaKeys } from './mfa-keys';

/** GET /api/mfa/status: one's own MFA state, attempts left and any lockout. */
export function fetchMfaStatus(signal?: AbortSignal): Promise<MfaStatusResponse> {
  return api.get('/api/mfa/status', { signal, parser: mfaStatusResponseSchema });
}

export const mfaStatusQueryOptions = queryOptions({
  queryKey: mfaKeys.status,
  queryFn: ({ signal }) => fetchMfaStatus(signal),
});

export function useMfaStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mfaStatusQueryOptions, enabled: options.enabled ?? true });
}
