import {
  EMAIL_HEALTH_DOT_DELAY_MS,
  type EmailHealthReport,
  emailHealthReportSchema,
} from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export const emailHealthKeys = {
  all: ['email-health'] as const,
  report: () => [...emailHealthKeys.all, 'report'] as const,
  events: (filters: { type: string; recipient: string }) =>
    [...emailHealthKeys.all, 'events', filters] as const,
};

/**
 * GET /api/admin/email-health: the report (docs/product.md §2 Email health monitor). The page and the
 * sidebar's dot read the same query, so one request serves both.
 */
export function emailHealthQueryOptions() {
  return queryOptions({
    queryKey: emailHealthKeys.report(),
    queryFn: ({ signal }): Promise<EmailHealthReport> =>
      api.get('/api/admin/email-health', { signal, parser: emailHealthReportSchema }),
    staleTime: 5 * 60_000,
    // A failure shows WARN at once (docs/product.md §8), so there is no retry to wait for.
    retry: false,
  });
}

export function useEmailHealth() {
  return useQuery(emailHealthQueryOptions());
}

/**
 * The sidebar's request, sent EMAIL_HEALTH_DOT_DELAY_MS after the layout appears (docs/product.md §9), admins
 * only.
 */
export function useEmailHealthForSidebar(isEnabled: boolean) {
  const [isDelayOver, setDelayOver] = useState(false);
  useEffect(() => {
    if (!isEnabled) return;
    const timer = window.setTimeout(() => setDelayOver(true), EMAIL_HEALTH_DOT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isEnabled]);
  return useQuery({ ...emailHealthQueryOptions(), enabled: isEnabled && isDelayOver });
}
