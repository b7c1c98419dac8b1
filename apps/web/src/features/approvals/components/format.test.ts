import { describe, expect, it } from 'vitest';
import { formatAge, formatHours } from './format';

describe('approval queue formats', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('says how long a submission waited in minutes, hours or days', () => {
    expect(formatAge('2026-01-10T11:59:40Z', now)).toBe('just now');
    expect(formatAge('2026-01-10T11:15:00Z', now)).toBe('45m');
    expect(formatAge('2026-01-10T09:00:00Z', now)).toBe('3h');
    expect(formatAge('2026-01-08T11:00:00Z', now)).toBe('2d');
  });
  it('shows hours with one decimal, and a dash without decisions', () => {
    expect(formatHours(3.2)).toBe('3.2h');
    expect(formatHours(0)).toBe('0.0h');
    expect(formatHours(null)).toBe('–');
  });
});
