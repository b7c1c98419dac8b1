import { type InboundStatus, inboundStatusSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailHealthKeys } from './get-email-health';

/** Under the page's root key, so Refresh reloads it with the rest. */
export const inboundStatusKey = [...emailHealthKeys.all, 'inbound'] as const;

/**
 * GET /api/email/inbound (admins): the organisation's inbound address, whether the SMTP listener and the
 * webhook are set up, and the latest deliveries (docs/decisions/058-inbound-email.md).
 */
export function getInboundStatus(signal?: AbortSignal): Promise<InboundStatus> {
  return api.get('/api/email/inbound', { signal, parser: inboundStatusSchema });
}

export function useInboundStatus() {
  return useQuery({ queryKey: inboundStatusKey, queryFn: ({ signal }) => getInboundStatus(signal) });
}
