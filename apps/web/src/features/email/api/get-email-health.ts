import { EMAIL_HEALTH_DOT_DELAY_MS } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, type ResponseParser } from '@/lib/api-client';
import type { EmailHealthSummary } from '../email-health-status';

export const emailHealthKeys = {
  all: ['email-health'] as const,
  report: () => [...emailHealthKeys.all, 'report'] as const,
};

const emailHealthSummaryParser: ResponseParser<EmailHealthSummary> = {
  parse(data) {
    if (typeof data === 'object' && data !== null && 'overall_status' in data) {
      const { overall_status } = data;
      if (typeof overall_status === 'string') return { overall_status };
    }
    throw new Error('The email health report has no overall_status');
  },
};

/**
 * GET /api/email/health: the health report (docs/product.md §7 resend-email-health); the sidebar reads its
 * status.
 */
export function emailHealthQueryOptions() {
  return queryOptions({
    queryKey: emailHealthKeys.report(),
    queryFn: ({ signal }) => api.get('/api/email/health', { signal, parser: emailHealthSummaryParser }),
    staleTime: 5 * 60_000,
    // A failure shows WARN at once (docs/product.md §8), so there is no retry to wait for.
    retry: false,
  });
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
