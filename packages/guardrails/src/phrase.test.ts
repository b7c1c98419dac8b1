import { describe, expect, it } from 'vitest';
import { check, validatePhrase } from './check';
import { spans } from './test-helpers';
import type { GuardrailPolicy, PatternRule } from './types';

function custom(phrase: string, extra: Partial<PatternRule> = {}): GuardrailPolicy {
  return {
    lexicon: [],
    patterns: [
      {
        id: 'c1',
        name: 'Custom',
        severity: 'medium',
        suggestion: 'an opportunity',
        explanation: 'The compliance team asked us not to use this phrase.',
        enabled: true,
        phrase,
        ...extra,
      },
    ],
  };
}

describe('custom phrases', () => {
  it('match words case-insensitively on word boundaries, with exact offsets', () => {
    expect(
      spans('A once-in-a-generation deal; ONCE IN A GENERATION.', custom('once in a generation')),
    ).toEqual([
      ['pattern:c1', 'once-in-a-generation', 2, 22],
      ['pattern:c1', 'ONCE IN A GENERATION', 29, 49],
    ]);
    expect(spans('onceinagenerational', custom('once in a generation'))).toEqual([]);
  });

  it('match any inflection with a trailing *', () => {
    expect(spans('We outperformed; it outperforms; outperformance.', custom('outperform*'))).toEqual([
      ['pattern:c1', 'outperformed', 3, 15],
      ['pattern:c1', 'outperforms', 20, 31],
      ['pattern:c1', 'outperformance', 33, 47],
    ]);
  });

  it('allow a gap of up to 3 words with ...', () => {
    const policy = custom('double ... money');
    expect(spans('double your money', policy)).toEqual([['pattern:c1', 'double your money', 0, 17]]);
    expect(spans('double money', policy)).toEqual([['pattern:c1', 'double money', 0, 12]]);
    expect(spans('double all of your money', policy)).toEqual([
      ['pattern:c1', 'double all of your money', 0, 24],
    ]);
    expect(spans('double all of your own money', policy)).toEqual([]);
    expect(spans('double your. money', policy)).toEqual([]);
  });

  it('allow alternatives with | and a number with #', () => {
    const policy = custom('top|first quartile returns of #');
    expect(spans('Top quartile returns of 18% and first quartile returns of 2.1x.', policy)).toEqual([
      ['pattern:c1', 'Top quartile returns of 18%', 0, 27],
      ['pattern:c1', 'first quartile returns of 2.1x', 32, 62],
    ]);
  });

  it('carry the severity, the suggestion (capitalised to fit) and the explanation of the rule', () => {
    const result = check('Once in a generation.', custom('once in a generation', { severity: 'high' }));
    expect(result).toMatchObject({
      flags: [
        {
          term: 'Once in a generation',
          severity: 'high',
          suggestion: 'An opportunity',
          start: 0,
          end: 20,
          rule: 'pattern:c1',
          explanation: 'The compliance team asked us not to use this phrase.',
          rationale: `Matches the organisation's pattern "Custom": "Once in a generation"`,
        },
      ],
      requires_approval: true,
      uncertain: [],
    });
  });

  it('are suppressed by a negation like the built-ins', () => {
    expect(spans('This is not a once in a generation deal.', custom('once in a generation'))).toEqual([]);
  });

  it('are ignored when disabled or invalid, never run as a regular expression', () => {
    expect(check('once in a generation', custom('once in a generation', { enabled: false })).flags).toEqual(
      [],
    );
    expect(check('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', custom('(a+)+$')).flags).toEqual([]);
    expect(check('anything .* goes', custom('.*')).flags).toEqual([]);
  });
});

describe('validatePhrase', () => {
  it.each([
    'guarantee*',
    'once in a generation',
    'double ... money',
    'top|first quartile',
    'returns of #',
    'risk-free',
    "can't miss",
    'can’t miss',
    'rendement garanti',
    'a ... b ... c ... d',
  ])('accepts %j', (phrase) => {
    expect(validatePhrase(phrase)).toBeNull();
  });

  it.each([
    ['', 'Write the phrase.'],
    ['   ', 'Write the phrase.'],
    ['(a+)+$', 'The phrase has characters that are not allowed.'],
    ['guarant.*', "'guarant.*': a dot is only allowed as '...'."],
    ['gu*', "'gu*': put '*' at the end of a word of at least 3 letters."],
    ['*', "'*': put '*' at the end of a word of at least 3 letters."],
    ['gua*rantee', "'gua*rantee': '*' may only end a word."],
    ['... money', "A phrase cannot start with '...'."],
    ['double ...', "A phrase cannot end with '...'."],
    ['double ... ... money', "Write '...' only once between two words."],
    ['double ...5 money', "'...5': write '...' without a number."],
    ['buy||sell', "'buy||sell': write a word on each side of '|'."],
    [
      'risk-free|safe',
      "'risk-free|safe': hyphenated words cannot be alternatives; add separate patterns instead.",
    ],
    ['12% returns', 'The phrase has characters that are not allowed.'],
    ['2x returns', "'2x': write '#' for a number."],
    ['a b c d e f g h i', 'Use at most 8 words.'],
    ['a ... b ... c ... d ... e', "Use '...' at most 3 times."],
    ['#', "Add at least one word besides '#'."],
    ['@METRIC', 'The phrase has characters that are not allowed.'],
    ['maybe?', 'The phrase has characters that are not allowed.'],
    ['x'.repeat(121), 'Keep the phrase to 120 characters or fewer.'],
  ])('rejects %j', (phrase, message) => {
    expect(validatePhrase(phrase)).toContain(message);
  });
});
