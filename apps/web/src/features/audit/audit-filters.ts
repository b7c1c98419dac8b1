import { type AuditExportFormat, describeAuditAction } from '@parley/contracts';

/**
 * What the Audit Logs list is narrowed to: the search box (sent once typing pauses) and the Filter
 * dialog's choices. Dates are calendar days in the viewer's time zone (`YYYY-MM-DD`, both inclusive).
 */
export type AuditFilters = {
  actions: string[];
  userId: string | null;
  projectId: string | null;
  from: string;
  to: string;
};

export const NO_AUDIT_FILTERS: AuditFilters = {
  actions: [],
  userId: null,
  projectId: null,
  from: '',
  to: '',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a local calendar day starts (`start`) or ends (`end`, its last millisecond), as ISO
 * 8601: the server compares UTC times, the viewer means their own day.
 */
export function localDayBound(day: string, edge: 'start' | 'end'): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const at = edge === 'start' ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The query string of the list and the export for a search and filters (the same fields for both). */
export function auditQueryParams(search: string, filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('q', search.trim());
  for (const action of filters.actions) params.append('action', action);
  if (filters.userId) params.set('user', filters.userId);
  if (filters.projectId) params.set('project', filters.projectId);
  const from = localDayBound(filters.from, 'start');
  const to = localDayBound(filters.to, 'end');
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params;
}

export function exportQueryParams(format: AuditExportFormat, search: string, filters: AuditFilters) {
  const params = auditQueryParams(search, filters);
  params.set('format', format);
  return params;
}

/** A filter a chip shows and removes. */
export type FilterChip = { key: string; label: string; without: AuditFilters };

/** One chip per active filter, each knowing the filters without it. */
export function filterChips(
  filters: AuditFilters,
  names: { user: (id: string) => string; project: (id: string) => string },
): FilterChip[] {
  const chips: FilterChip[] = filters.actions.map((action) => ({
    key: `action:${action}`,
    label: `Action: ${describeAuditAction(action).label}`,
    without: { ...filters, actions: filters.actions.filter((a) => a !== action) },
  }));
  if (filters.userId) {
    chips.push({
      key: 'user',
      label: `User: ${names.user(filters.userId)}`,
      without: { ...filters, userId: null },
    });
  }
  if (filters.projectId) {
    chips.push({
      key: 'project',
      label: `Fund: ${names.project(filters.projectId)}`,
      without: { ...filters, projectId: null },
    });
  }
  if (filters.from)
    chips.push({ key: 'from', label: `From ${filters.from}`, without: { ...filters, from: '' } });
  if (filters.to) chips.push({ key: 'to', label: `To ${filters.to}`, without: { ...filters, to: '' } });
  return chips;
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return filterChips(filters, { user: () => '', project: () => '' }).length > 0;
}

/** The date range a user typed, or the reason it cannot be applied. */
export function dateRangeError(filters: Pick<AuditFilters, 'from' | 'to'>): string | null {
  if (filters.from && filters.to && filters.from > filters.to) return 'The end date is before the start date';
  return null;
}
