import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatBytes,
  formatDate,
  formatDateTime,
  formatHours,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatTime,
} from './format';

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

describe('dates', () => {
  const at = '2026-01-10T12:34:00Z';
  const medium = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  const mediumShort = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const short = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

  it("shows a server timestamp in the reader's locale, with or without the time", () => {
    expect(formatDateTime(at)).toBe(mediumShort.format(new Date(at)));
    expect(formatDate(at)).toBe(medium.format(new Date(at)));
    expect(formatTime(at)).toBe(short.format(new Date(at)));
  });

  it('accepts a Date as well as an ISO string', () => {
    expect(formatDateTime(new Date(at))).toBe(formatDateTime(at));
    expect(formatTime(new Date(at))).toBe(formatTime(at));
  });
});

describe('numbers and sizes', () => {
  it('groups digits, the English way when asked', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234)).toBe((1234).toLocaleString());
  });

  it('rounds a fraction to a whole percentage', () => {
    expect(formatPercent(0.874)).toBe('87%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('shows bytes, then KB and MB with one decimal', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  it('says how long ago in the largest whole unit, and just now under a minute', () => {
    expect(formatRelativeTime('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-01-10T11:48:00Z', now)).toBe(words.format(-12, 'minute'));
    expect(formatRelativeTime('2026-01-10T08:59:00Z', now)).toBe(words.format(-3, 'hour'));
    expect(formatRelativeTime('2026-01-07T12:00:00Z', now)).toBe(words.format(-3, 'day'));
  });
  it('treats a time slightly ahead of the clock as just now', () => {
    expect(formatRelativeTime('2026-01-10T12:00:05Z', now)).toBe('just now');
  });
});
