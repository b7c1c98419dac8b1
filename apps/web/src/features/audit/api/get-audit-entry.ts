import { type AuditEntryDetail, auditEntryDetailSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

/** GET /api/audit/entries/:id: details, recorded changes and chain position. */
export function getAuditEntry(id: string, signal?: AbortSignal): Promise<AuditEntryDetail> {
  return api.get(`/api/audit/entries/${encodeURIComponent(id)}`, { signal, parser: auditEntryDetailSchema });
}

export function useAuditEntry(id: string | null) {
  return useQuery({
    queryKey: auditKeys.entry(id ?? ''),
    queryFn: ({ signal }) => getAuditEntry(id ?? '', signal),
    enabled: id !== null,
    // An entry never changes (the log is append-only).
    staleTime: Number.POSITIVE_INFINITY,
  });
}
