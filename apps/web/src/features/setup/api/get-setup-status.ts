import { type SetupStatusResponse, setupStatusResponseSchema } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/setup: whether the instance already has its first admin. */
export function getSetupStatus(): Promise<SetupStatusResponse> {
  return api.get('/api/setup', { parser: setupStatusResponseSchema });
}

export const setupStatusQuery = queryOptions({ queryKey: ['setup', 'status'], queryFn: getSetupStatus });

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}
