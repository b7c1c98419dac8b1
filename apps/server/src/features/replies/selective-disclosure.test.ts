import { describe, expect, it } from 'vitest';
import { disclosureFlagsOf } from './selective-disclosure';

const spanned = (text: string, flags: { start: number; end: number; term: string }[]) =>
  flags.map((f) => ({ term: f.term, text: text.slice(f.start, f.end) }));

describe('the sentences that disclose a non-public document', () => {
  it('are those whose own markers cite it, each naming its documents once', () => {
    const text =
      'Dear Jane,\n\nThe fee is 1% [1]. The Q4 payout is $0.16 [2]. Both apply [1, 2].\n\nKind regards';
    const flags = disclosureFlagsOf(text, new Map([[2, 'Q4 Letter.pdf']]));
    expect(spanned(text, flags)).toEqual([
      { term: 'Q4 Letter.pdf', text: 'The Q4 payout is $0.16 [2].' },
      { term: 'Q4 Letter.pdf', text: 'Both apply [1, 2].' },
    ]);
    expect(flags.every((f) => f.rule === 'selective_disclosure' && f.suggestion === '')).toBe(true);
  });

  it('fall back to the first sentence after the greeting when no sentence carries the marker', () => {
    const text = 'Dear Jane,\n\nThank you for asking. The payout is $0.16.\n\nKind regards';
    expect(spanned(text, disclosureFlagsOf(text, new Map([[1, 'Q4 Letter.pdf']])))).toEqual([
      { term: 'Q4 Letter.pdf', text: 'Thank you for asking.' },
    ]);
    expect(disclosureFlagsOf(text, new Map())).toEqual([]);
  });
});
