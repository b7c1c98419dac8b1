import { type MfaStatsResponse, mfaStatsResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/**
 * GET /api/health/auth-mfa (docs/product.md §7 health/auth-mfa): MFA-enabled members and failures in the last
 * hour.
 */
export function getMfaStats(signal?: AbortSignal): Promise<MfaStatsResponse> {
  return api.get('/api/health/auth-mfa', { signal, parser: mfaStatsResponseSchema });
}

export function mfaStatsQueryOptions() {
  return queryOptions({ queryKey: securityKeys.mfaStats(), queryFn: ({ signal }) => getMfaStats(signal) });
}

export function useMfaStats() {
  return useQuery(mfaStatsQueryOptions());
}
