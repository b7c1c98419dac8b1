import { type ComplianceOverview, complianceOverviewSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { api } from '@/lib/api-client';

/** GET /api/compliance/overview: the counts, with the audit chain verified by the server now. */
export function getComplianceOverview(signal?: AbortSignal): Promise<ComplianceOverview> {
  return api.get('/api/compliance/overview', { signal, parser: complianceOverviewSchema });
}

export function useComplianceOverview() {
  return useQuery({
    queryKey: complianceKeys.overview(),
    queryFn: ({ signal }) => getComplianceOverview(signal),
  });
}
