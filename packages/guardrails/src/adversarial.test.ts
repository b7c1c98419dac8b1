import { describe, expect, it } from 'vitest';
import { adversarialText, gapPattern } from '../bench/texts';
import { check } from './check';
import { defaultPolicy } from './defaults';
import type { GuardrailPolicy } from './types';

const KB = 1024;

// 200 KB checks take a second on a quiet machine and far longer on a busy one: the limit only stops a hang.
describe('adversarial input', { timeout: 120_000 }, () => {
  it('handles 200 KB of near-matches and long runs of one character', () => {
    const text = adversarialText();
    expect(text.length).toBeGreaterThanOrEqual(200 * KB);
    const policy: GuardrailPolicy = defaultPolicy();
    policy.patterns.push(gapPattern());
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
