import { describe, expect, it } from 'vitest';
import { normalizeAddress } from './client-address';

describe('normalizeAddress', () => {
  it('spells an IPv4 peer the same on IPv4 and dual-stack sockets', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('127.0.0.1')).toBe('127.0.0.1');
  });

  it('leaves real IPv6 addresses alone', () => {
    expect(normalizeAddress('::1')).toBe('::1');
    expect(normalizeAddress('2001:db8::ffff:1')).toBe('2001:db8::ffff:1');
  });
});
