import { type IntegrationsResponse, integrationsResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/integrations: what Parley is connected to (the Admin panel's Integrations tile). */
export function useIntegrations() {
  return useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: ({ signal }): Promise<IntegrationsResponse> =>
      api.get('/api/admin/integrations', { signal, parser: integrationsResponseSchema }),
  });
}
