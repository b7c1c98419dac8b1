import type { AuditFilters } from '../audit-filters';

/** Query keys of the Audit Logs screen; the log only grows, so nothing here is invalidated by hand. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (search: string, filters: AuditFilters) => [...auditKeys.lists(), search, filters] as const,
  entry: (id: string) => [...auditKeys.all, 'entry', id] as const,
  members: () => [...auditKeys.all, 'members'] as const,
};
