import { type SystemConfigResponse, systemConfigResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** GET /api/system-config: docs/product.md §3's settings of the organisation as booleans. */
export function getSystemConfig(signal?: AbortSignal): Promise<SystemConfigResponse> {
  return api.get('/api/system-config', { signal, parser: systemConfigResponseSchema });
}

export function systemConfigQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.systemConfig(),
    queryFn: ({ signal }) => getSystemConfig(signal),
  });
}

export function useSystemConfig() {
  return useQuery(systemConfigQueryOptions());
}
