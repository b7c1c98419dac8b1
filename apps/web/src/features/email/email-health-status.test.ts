import { describe, expect, it } from 'vitest';
import { toEmailHealthDotStatus } from './email-health-status';

describe('toEmailHealthDotStatus', () => {
  it('is neutral (loading) until the report arrives', () => {
    expect(toEmailHealthDotStatus({ isPending: true, isError: false, data: undefined })).toBe('loading');
  });

  it('shows the overall status of the report', () => {
    for (const status of ['PASS', 'WARN', 'FAIL'] as const) {
      expect(
        toEmailHealthDotStatus({ isPending: false, isError: false, data: { overall_status: status } }),
      ).toBe(status);
    }
  });

  it('shows WARN when the request fails (docs/product.md §8)', () => {
    expect(toEmailHealthDotStatus({ isPending: false, isError: true, data: undefined })).toBe('WARN');
  });

  it('shows WARN for a status it does not know', () => {
    expect(
      toEmailHealthDotStatus({ isPending: false, isError: false, data: { overall_status: 'INFO' } }),
    ).toBe('WARN');
  });
});
