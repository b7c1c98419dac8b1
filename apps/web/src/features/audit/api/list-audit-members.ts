import { type AuditMembersResponse, auditMembersResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

/** GET /api/audit/members: the members the user filter offers. */
export function listAuditMembers(signal?: AbortSignal): Promise<AuditMembersResponse> {
  return api.get('/api/audit/members', { signal, parser: auditMembersResponseSchema });
}

export function useAuditMembers() {
  return useQuery({ queryKey: auditKeys.members(), queryFn: ({ signal }) => listAuditMembers(signal) });
}
