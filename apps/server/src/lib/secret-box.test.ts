import { describe, expect, it } from 'vitest';
import { deriveKey, openSecret, sealSecret } from './secret-box';

const key = deriveKey(Buffer.alloc(32, 3), 'totp');

describe('secret box', () => {
  it('seals so that the stored value reveals nothing and opens again', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses an altered value and another key', () => {
    const sealed = sealSecret(key, 'secret');
    const parts = sealed.split('.');
    const body = parts[3] ?? '';
    const altered = [...parts.slice(0, 3), `${body.slice(0, -1)}${body.endsWith('A') ? 'B' : 'A'}`].join('.');
    expect(() => openSecret(key, altered)).toThrow();
    expect(() => openSecret(deriveKey(Buffer.alloc(32, 4), 'totp'), sealed)).toThrow();
    expect(() => openSecret(key, 'plain')).toThrow(/not a sealed secret/);
  });
});
