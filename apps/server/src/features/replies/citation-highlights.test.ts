import { describe, expect, it } from 'vitest';
import { citationHighlights } from './citation-highlights';

/** The highlighted strings of each passage. */
function marked(draft: string, passages: (string | null)[]): string[][] {
  return citationHighlights(draft, passages).map((ranges, i) =>
    ranges.map((r) => (passages[i] ?? '').slice(r.start, r.end)),
  );
}

describe('the supporting words of a citation', () => {
  it('are the content words and figures the sentences carrying its [n] share with its passage', () => {
    const draft = 'The Q3 distribution was $0.42 per unit [1]. Occupancy stood at 94.3% [2].';
    const passages = [
      'Distributions: the Fund paid $0.42 per unit for Q3 2025. Occupancy was 91.0% in Q2.',
      'Portfolio occupancy stood at 94.3% across 12 properties; the distribution is unchanged.',
    ];
    expect(marked(draft, passages)).toEqual([
      // 'Distributions' shares a stem with 'distribution'; 'Occupancy' is only said beside [2].
      ['Distributions', '$0.42', 'unit', 'Q3'],
      ['occupancy stood', '94.3%'],
    ]);
  });

  it('come from every sentence that carries the number, including one citing several passages', () => {
    const draft = 'Units are priced daily [1, 2].\n\nThe management fee is 0.85% a year [2].';
    const passages = [
      'Units are priced each business day.',
      'The annual management fee: 0.85%. Priced daily.',
    ];
    expect(marked(draft, passages)).toEqual([
      ['Units', 'priced'],
      ['management fee', '0.85%', 'Priced daily'],
    ]);
  });

  it('compare figures by their digits, so 1,250 and 1250 match but 4.9 and 4.90 do not, and skip stop words', () => {
    const draft = 'There are 1250 holders and the yield is 4.9% [1].';
    expect(
      marked(draft, ['The Fund has 1,250 holders and a yield of 4.90% at the end of the year.']),
    ).toEqual([['1,250 holders', 'yield']]);
  });

  it('are none for a passage no sentence cites, a citation without text, or a draft without markers', () => {
    expect(marked('The fee is 0.85% [2].', ['The fee is 0.85%.', 'The fee is 0.85%.'])).toEqual([
      [],
      ['fee', '0.85%'],
    ]);
    expect(marked('The fee is 0.85% [1].', [null])).toEqual([[]]);
    expect(marked('The fee is 0.85%.', ['The fee is 0.85%.'])).toEqual([[]]);
  });

  it('never count the citation markers themselves as figures', () => {
    expect(marked('We paid in March [3].', ['a', 'b', 'Paid 3 times in March.'])).toEqual([
      [],
      [],
      ['Paid', 'March'],
    ]);
  });
});
