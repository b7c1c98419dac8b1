import { describe, expect, it } from 'vitest';
import { check } from './check';
import { defaultPolicy } from './defaults';
import { spans } from './test-helpers';
import type { GuardrailPolicy } from './types';

describe('overlapping and duplicate flags', () => {
  it('keeps one flag per span, preferring the lexicon on a tie (same span, same severity)', () => {
    // lexicon 'guaranteed' and pattern 'guarantee' both match
    expect(spans('Returns are guaranteed.')).toEqual([['lexicon:guaranteed', 'guaranteed', 12, 22]]);
    // lexicon 'will outperform' and pattern 'will-perform'
    expect(spans('It will outperform.')).toEqual([['lexicon:will outperform', 'will outperform', 3, 18]]);
  });

  it('prefers the higher severity over the longer span', () => {
    // forecast-return (medium) would cover 'projected returns of 12%'; the high lexicon term wins
    expect(spans('Our projected returns of 12% are conservative.')).toEqual([
      ['lexicon:projected returns', 'projected returns', 4, 21],
    ]);
  });

  it('prefers the longer span at equal severity', () => {
    // certainty 'will definitely outperform' vs lexicon 'will outperform' does not apply (not adjacent);
    // invest-advice: 'You should increase your commitment' vs nothing shorter
    expect(spans('You will never lose money.')).toEqual([['pattern:cannot-lose', 'will never lose', 4, 19]]);
  });

  it('keeps separate flags that do not overlap, sorted by start', () => {
    const text = 'No risk here. We expect a 12% IRR, and it is poised to outperform.';
    expect(spans(text)).toEqual([
      ['lexicon:no risk', 'No risk', 0, 7],
      ['pattern:forecast-return', 'expect a 12% IRR', 17, 33],
      ['pattern:outlook', 'poised to outperform', 45, 65],
    ]);
    expect(check(text, defaultPolicy()).requires_approval).toBe(true);
  });

  it('reports a duplicated lexicon entry once', () => {
    const policy: GuardrailPolicy = {
      lexicon: [
        { term: 'sure thing', severity: 'low', suggestion: 'opportunity', enabled: true },
        { term: 'Sure  Thing', severity: 'low', suggestion: 'opportunity', enabled: true },
        { term: 'sure thing', severity: 'medium', suggestion: 'good opportunity', enabled: true },
      ],
      patterns: [],
    };
    expect(check('A sure thing.', policy).flags).toEqual([
      {
        term: 'sure thing',
        severity: 'medium',
        suggestion: 'good opportunity',
        start: 2,
        end: 12,
        rule: 'lexicon:sure thing',
        explanation: "'sure thing' is on the organisation's forbidden lexicon.",
        rationale: 'Uses "sure thing", on the forbidden lexicon: "A sure thing"',
      },
    ]);
  });

  it('resolves a long chain of overlapping matches without losing the non-overlapping ones', () => {
    const text = 'expect expect 12% '.repeat(2000);
    const { flags } = check(text, defaultPolicy());
    expect(flags.length).toBeGreaterThan(0);
    for (let i = 1; i < flags.length; i++) {
      expect((flags[i] as { start: number }).start).toBeGreaterThanOrEqual(
        (flags[i - 1] as { end: number }).end,
      );
    }
  });
});
