import { describe, expect, it } from 'vitest';
import { textBandsOf, trigramsOf } from './text-bands';

/** pg_trgm's similarity: shared trigrams over all distinct trigrams of the two texts. */
function similarity(a: string, b: string): number {
  const x = trigramsOf(a);
  const y = trigramsOf(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

const shareBand = (a: string, b: string) => {
  const bands = new Set(textBandsOf(a));
  return textBandsOf(b).some((band) => bands.has(band));
};

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

describe('text bands (docs/decisions/054-communication-class.md)', () => {
  it('makes trigrams as pg_trgm does: lower-cased words, two spaces before, one after', () => {
    expect([...trigramsOf('Cat, cat!')].sort()).toEqual(['  c', ' ca', 'at ', 'cat']);
    expect(textBandsOf(' ,. ')).toEqual([]);
  });

  it('gives a text the same 30 bands every time, as signed 32-bit integers', () => {
    const bands = textBandsOf(LETTER('Jane'));
    expect(bands).toHaveLength(30);
    expect(textBandsOf(LETTER('Jane'))).toEqual(bands);
    expect(bands.every((b) => Number.isInteger(b) && b >= -(2 ** 31) && b < 2 ** 31)).toBe(true);
  });

  it('lets every pair at similarity 0.7 or more share a band, and few unrelated pairs', () => {
    const texts = [...variants(LETTER('Jane'), 60), LETTER('Tom'), LETTER('An Investor With A Long Name')];
    let alike = 0;
    for (const text of texts) {
      if (similarity(LETTER('Jane'), text) >= 0.7) {
        alike++;
        expect(shareBand(LETTER('Jane'), text), text).toBe(true);
      }
    }
    expect(alike).toBeGreaterThan(20);
    const unrelated = [
      'Dear Sam,\n\nThank you for your note about the annual meeting. The venue and the agenda will follow by post next week.\n\nBest wishes,\nThe IR team',
      'Hello Priya, the capital call notice for March is attached; the amount is due within ten business days. Regards, Investor Relations',
      'Dear Mr Okafor, we have updated your bank details as requested and will confirm by letter once the change takes effect.',
    ];
    for (const text of unrelated) {
      expect(similarity(LETTER('Jane'), text)).toBeLessThan(0.4);
      expect(shareBand(LETTER('Jane'), text), text).toBe(false);
    }
  });
});
