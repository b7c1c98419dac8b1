import { describe, expect, it } from 'vitest';
import { check } from './check';
import { defaultPolicy } from './defaults';
import type { GuardrailPolicy } from './types';

const KB = 1024;

describe('adversarial input', () => {
  it('handles 200 KB of near-matches and long runs of one character', () => {
    const pieces = [
      'guarante guaranteee guarantor ',
      'risk-fre risk–freedom ',
      'will will will will outperfor ',
      'expect expect expect expect expect expect expect the 12 ',
      'you should you should you should ',
      'no no no no no risky ',
      '- - - \u2011 \u2011 ',
      '12% 12% 2.0x 2.0x ',
    ];
    let text = 'a'.repeat(50 * KB);
    let i = 0;
    while (text.length < 150 * KB) text += pieces[i++ % pieces.length];
    text += '-'.repeat(25 * KB);
    text += `${'1'.repeat(25 * KB)}% guaranteed`;
    expect(text.length).toBeGreaterThanOrEqual(200 * KB);
    const policy: GuardrailPolicy = defaultPolicy();
    policy.patterns.push({
      id: 'custom-gap',
      name: 'Gap',
      severity: 'low',
      suggestion: 'x',
      explanation: 'Test.',
      enabled: true,
      phrase: 'expect ... expect ... expect ... expect',
    });
    const result = check(text, policy);
    const rules = new Set(result.flags.map((f) => f.rule));
    // the near-matches are not flags; the real ones are, with exact offsets
    expect(rules.has('lexicon:risk-free')).toBe(false);
    expect(rules.has('lexicon:will outperform')).toBe(false);
    expect(rules.has('lexicon:you should invest')).toBe(false);
    // 'guarante' and 'guaranteee' are read as misspellings of guarantee; 'guarantor' is a real word
    const guarantees = result.flags.filter((f) => f.rule === 'pattern:guarantee').map((f) => f.term);
    expect(new Set(guarantees)).toEqual(new Set(['guarante', 'guaranteee']));
    expect(rules.has('pattern:custom-gap')).toBe(true);
    const last = result.flags[result.flags.length - 1];
    expect(last).toMatchObject({ term: 'guaranteed', start: text.length - 10, end: text.length });
    for (const f of result.flags) expect(text.slice(f.start, f.end)).toBe(f.term);
  });

  it('handles a 200 KB word with no spaces and a text of only separators', () => {
    expect(check('g'.repeat(200 * KB), defaultPolicy()).flags).toEqual([]);
    expect(check(' ,.-'.repeat(50 * KB), defaultPolicy()).flags).toEqual([]);
  });
});
