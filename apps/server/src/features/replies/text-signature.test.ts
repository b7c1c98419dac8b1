import { describe, expect, it } from 'vitest';
import { trigramSimilarity } from '../../../test/trigram-similarity';
import { estimatedSimilarity, storedSignatureOf, trigramsOf } from './text-signature';

const estimate = (a: string, b: string) => estimatedSimilarity(storedSignatureOf(a), storedSignatureOf(b));

const LETTER = (name: string) =>
  `Dear ${name},\n\nThank you for asking about the reinvestment plan. Units bought under the plan are priced at the net asset value on the distribution date, and the election form is in the investor portal under Documents.\n\nKind regards,\nThe IR team`;

/** Deterministic variations: words dropped or swapped from a base text, by a fixed pseudo-random walk. */
function variants(base: string, count: number): string[] {
  const words = base.split(' ');
  const out: string[] = [];
  let seed = 7;
  for (let n = 0; n < count; n++) {
    const copy = [...words];
    const edits = 1 + (n % 12);
    for (let e = 0; e < edits; e++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const at = seed % copy.length;
      if (e % 2 === 0) copy.splice(at, 1);
      else copy[at] = `word${seed % 1000}`;
    }
    out.push(copy.join(' '));
  }
  return out;
}

describe('text signatures (docs/decisions/054-communication-class.md)', () => {
  it('makes trigrams as pg_trgm does: lower-cased words, two spaces before, one after', () => {
    expect([...trigramsOf('Cat, cat!')].sort()).toEqual(['  c', ' ca', 'at ', 'cat']);
    expect(storedSignatureOf(' ,. ')).toBe('');
  });

  it('gives a text the same 120 characters every time', () => {
    const signature = storedSignatureOf(LETTER('Jane'));
    expect(signature).toMatch(/^[\w-]{120}$/);
    expect(storedSignatureOf(LETTER('Jane'))).toBe(signature);
    expect(storedSignatureOf(LETTER('Tom'))).not.toBe(signature);
  });

  it('estimates every pair at similarity 0.7 or more at 0.5 or more (the floor), and unrelated pairs below', () => {
    const texts = [...variants(LETTER('Jane'), 60), LETTER('Tom'), LETTER('An Investor With A Long Name')];
    let alike = 0;
    for (const text of texts) {
      const exact = trigramSimilarity(LETTER('Jane'), text);
      // Within five standard deviations (0.04 each at 0.7) of the exact similarity.
      expect(Math.abs(estimate(LETTER('Jane'), text) - exact), text).toBeLessThan(0.2);
      if (exact >= 0.7) {
        alike++;
        expect(estimate(LETTER('Jane'), text), text).toBeGreaterThanOrEqual(0.5);
      }
    }
    expect(alike).toBeGreaterThan(20);
    const unrelated = [
      'Dear Sam,\n\nThank you for your note about the annual meeting. The venue and the agenda will follow by post next week.\n\nBest wishes,\nThe IR team',
      'Hello Priya, the capital call notice for March is attached; the amount is due within ten business days. Regards, Investor Relations',
      'Dear Mr Okafor, we have updated your bank details as requested and will confirm by letter once the change takes effect.',
    ];
    for (const text of unrelated) {
      expect(trigramSimilarity(LETTER('Jane'), text)).toBeLessThan(0.4);
      expect(estimate(LETTER('Jane'), text), text).toBeLessThan(0.5);
    }
    expect(estimate(LETTER('Jane'), LETTER('Jane'))).toBe(1);
  });
});
