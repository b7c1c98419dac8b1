import { describe, expect, it } from 'vitest';
import { inboundAddress, parseInboundAddress, slugOf } from './inbound-address';

describe('inbound addresses', () => {
  it('slugs a fund name the way the organisation slug is made', () => {
    expect(slugOf('Harbor Growth Fund II')).toBe('harbor-growth-fund-ii');
    expect(slugOf('  Société Générale — Côte ')).toBe('societe-generale-cote');
    expect(slugOf('x'.repeat(60))).toHaveLength(40);
    expect(slugOf('!!!')).toBe('');
  });

  it('writes and reads back an organisation and a fund address', () => {
    const address = inboundAddress('in.parley.example', 'acme', 'Harbor Growth Fund II');
    expect(address).toBe('ir+acme.harbor-growth-fund-ii@in.parley.example');
    expect(parseInboundAddress(address, 'in.parley.example')).toEqual({
      orgSlug: 'acme',
      fundSlug: 'harbor-growth-fund-ii',
    });
    expect(parseInboundAddress('IR+Acme@IN.Parley.Example', 'in.parley.example')).toEqual({
      orgSlug: 'acme',
      fundSlug: null,
    });
  });

  it('refuses addresses that are not ours', () => {
    for (const address of [
      'ir+acme@elsewhere.example',
      'ir@in.parley.example',
      'ir+@in.parley.example',
      'ir+acme..x@in.parley.example',
      'ir+ac_me@in.parley.example',
      'in.parley.example',
    ]) {
      expect(parseInboundAddress(address, 'in.parley.example'), address).toBeNull();
    }
  });
});
