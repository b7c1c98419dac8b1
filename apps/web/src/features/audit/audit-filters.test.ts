import { describe, expect, it } from 'vitest';
import {
  auditQueryParams,
  dateRangeError,
  exportQueryParams,
  filterChips,
  hasAuditFilters,
  localDayBound,
  NO_AUDIT_FILTERS,
} from './audit-filters';

describe('the Audit Logs filters', () => {
  it('sends the search, each action, the member, the fund and the local day bounds', () => {
    const params = auditQueryParams(' harbour ', {
      actions: ['response_approved', 'message_created'],
      userId: 'u1',
      projectId: 'p1',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(params.get('q')).toBe('harbour');
    expect(params.getAll('action')).toEqual(['response_approved', 'message_created']);
    expect(params.get('user')).toBe('u1');
    expect(params.get('project')).toBe('p1');
    expect(params.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(params.get('to')).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
  });

  it('sends nothing for no filters, and the export adds its format to the same fields', () => {
    expect(auditQueryParams('  ', NO_AUDIT_FILTERS).toString()).toBe('');
    expect(exportQueryParams('csv', 'x', { ...NO_AUDIT_FILTERS, actions: ['sign_in'] }).toString()).toBe(
      'q=x&action=sign_in&format=csv',
    );
  });

  it('ignores a day that is not a date', () => {
    expect(localDayBound('2026-13-45x', 'start')).toBeNull();
    expect(localDayBound('', 'end')).toBeNull();
  });

  it('shows a chip per active filter that removes just that filter', () => {
    const filters = {
      actions: ['response_approved'],
      userId: 'u1',
      projectId: 'p1',
      from: '2026-03-01',
      to: '',
    };
    const chips = filterChips(filters, { user: () => 'Dana Director', project: () => 'Fund Alpha' });
    expect(chips.map((c) => c.label)).toEqual([
      'Action: Reply approved',
      'User: Dana Director',
      'Fund: Fund Alpha',
      'From 2026-03-01',
    ]);
    expect(chips[0]?.without.actions).toEqual([]);
    expect(chips[1]?.without).toEqual({ ...filters, userId: null });
    expect(hasAuditFilters(filters)).toBe(true);
    expect(hasAuditFilters(NO_AUDIT_FILTERS)).toBe(false);
  });

  it('refuses a range that ends before it starts', () => {
    expect(dateRangeError({ from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The end date is before the start date',
    );
    expect(dateRangeError({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
  });
});
