import { type RetentionSummary, retentionSummarySchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './retention-keys';

/** GET /api/retention: the period, its floor, active holds and the last erasure (the Admin panel tile). */
export function getRetention(signal?: AbortSignal): Promise<RetentionSummary> {
  return api.get('/api/retention', { signal, parser: retentionSummarySchema });
}

export function useRetention() {
  return useQuery({ queryKey: retentionKeys.summary(), queryFn: ({ signal }) => getRetention(signal) });
}
