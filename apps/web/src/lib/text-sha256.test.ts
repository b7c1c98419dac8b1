import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Bytes, textSha256 } from './text-sha256';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('the SHA-256 an approval is bound to', () => {
  it('matches the server’s for any text, with or without crypto.subtle', async () => {
    const texts = [
      '',
      'abc',
      'Dear Jane,\n\nThe Q3 distribution — €0.42 per unit 👍',
      'x'.repeat(55),
      'y'.repeat(64),
      'z'.repeat(1000),
    ];
    for (const text of texts) {
      const expected = createHash('sha256').update(text).digest('hex');
      expect(hex(sha256Bytes(new TextEncoder().encode(text))), JSON.stringify(text.slice(0, 20))).toBe(
        expected,
      );
      expect(await textSha256(text)).toBe(expected);
    }
  });
});
