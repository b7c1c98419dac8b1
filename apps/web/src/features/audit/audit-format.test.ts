import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, formatAuditTime, formatAuditUtc, shortHash } from './audit-format';

describe('Audit Logs times and hashes', () => {
  const at = Date.UTC(2026, 2, 12, 13, 3, 7, 123);

  it('writes the time to the millisecond in the given zone, and in UTC for the hover', () => {
    const text = formatAuditTime(at, { locale: 'en-GB', timeZone: 'Europe/Berlin' });
    expect(text).toContain('14:03:07.123');
    expect(text).toContain('12 Mar 2026');
    expect(formatAuditUtc(at)).toBe('2026-03-12T13:03:07.123Z (UTC)');
  });

  it('shortens a hash and reads the file name the server chose', () => {
    expect(shortHash('a'.repeat(64))).toBe(`${'a'.repeat(10)}…`);
    expect(fileNameFromDisposition('attachment; filename="parley-audit-log-x.csv"', 'f')).toBe(
      'parley-audit-log-x.csv',
    );
    expect(fileNameFromDisposition(null, 'fallback.jsonl')).toBe('fallback.jsonl');
  });
});
