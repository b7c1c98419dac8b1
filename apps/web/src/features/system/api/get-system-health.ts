import { type SystemHealthResponse, systemHealthResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/system-health: the System Health card of the caller's organisation. */
export function getSystemHealth(signal?: AbortSignal): Promise<SystemHealthResponse> {
  return api.get('/api/admin/system-health', { signal, parser: systemHealthResponseSchema });
}

export function systemHealthQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.systemHealth(),
    queryFn: ({ signal }) => getSystemHealth(signal),
  });
}

export function useSystemHealth() {
  return useQuery(systemHealthQueryOptions());
}
