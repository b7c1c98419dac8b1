import { describe, expect, it } from 'vitest';
import { check } from './check';
import { DEFAULT_LEXICON, defaultPolicy } from './defaults';
import { flagsOf, spans } from './test-helpers';
import type { GuardrailPolicy } from './types';

const lexiconOnly = (): GuardrailPolicy => ({ lexicon: defaultPolicy().lexicon, patterns: [] });

describe('the default lexicon', () => {
  it('has the six terms of product.md, all high with a replacement', () => {
    expect(DEFAULT_LEXICON.map((e) => e.term)).toEqual([
      'guaranteed',
      'risk-free',
      'will outperform',
      'projected returns',
      'no risk',
      'you should invest',
    ]);
    for (const e of DEFAULT_LEXICON) {
      expect(e.severity).toBe('high');
      expect(e.enabled).toBe(true);
      expect(e.suggestion.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['Returns are guaranteed.', 'guaranteed', 12, 'targeted'],
    ['A risk-free way to invest.', 'risk-free', 2, 'lower-risk'],
    ['Fund III will outperform peers.', 'will outperform', 9, 'may outperform'],
    ['Our projected returns are 12%.', 'projected returns', 4, 'target returns'],
    ['There is no risk of loss.', 'no risk', 9, 'limited risk'],
    ['Frankly, you should invest now.', 'you should invest', 9, 'you may wish to consider investing'],
  ])('flags %j at the exact offsets', (text, term, start, suggestion) => {
    const flags = flagsOf(text, lexiconOnly());
    expect(flags).toEqual([
      {
        term,
        severity: 'high',
        suggestion,
        start,
        end: start + term.length,
        rule: `lexicon:${term}`,
        explanation: expect.stringMatching(/\.$/),
        rationale: `Uses "${term}", on the forbidden lexicon: "${text.slice(text.indexOf(',') + 1, -1).trim()}"`,
      },
    ]);
    expect(check(text, lexiconOnly()).requires_approval).toBe(true);
  });

  it('matches case-insensitively and keeps the capitalisation in the suggestion', () => {
    expect(flagsOf('Guaranteed income.', lexiconOnly())[0]).toMatchObject({
      term: 'Guaranteed',
      suggestion: 'Targeted',
    });
    expect(flagsOf('It is GUARANTEED.', lexiconOnly())[0]).toMatchObject({
      term: 'GUARANTEED',
      start: 6,
      suggestion: 'TARGETED',
    });
    expect(flagsOf('You Should Invest', lexiconOnly())[0]?.suggestion).toBe(
      'You may wish to consider investing',
    );
  });

  it('is tolerant of spaces, line breaks, hyphen variants and quotes', () => {
    const text =
      'a risk free, a risk\u2011free, a risk\u2010free, a “risk-free” and a risk-\nfree fund; it will\n  outperform';
    expect(spans(text, lexiconOnly())).toEqual([
      ['lexicon:risk-free', 'risk free', 2, 11],
      ['lexicon:risk-free', 'risk\u2011free', 15, 24],
      ['lexicon:risk-free', 'risk\u2010free', 28, 37],
      ['lexicon:risk-free', 'risk-free', 42, 51],
      ['lexicon:risk-free', 'risk-\nfree', 59, 69],
      ['lexicon:will outperform', 'will\n  outperform', 79, 96],
    ]);
  });

  it('matches on word boundaries only', () => {
    expect(
      flagsOf('unguaranteedly, guaranteedness, noriskfree, know risk, willoutperformance', lexiconOnly()),
    ).toEqual([]);
    expect(spans('(guaranteed)', lexiconOnly())).toEqual([['lexicon:guaranteed', 'guaranteed', 1, 11]]);
  });

  it('does not match across sentence or clause breaks', () => {
    expect(flagsOf('It is a risk. Free advice is available.', lexiconOnly())).toEqual([]);
    expect(flagsOf('We will, outperform aside, report.', lexiconOnly())).toEqual([]);
    expect(flagsOf('This carries no\n\nrisk section.', lexiconOnly())).toEqual([]);
  });

  it('ignores disabled entries', () => {
    const policy = lexiconOnly();
    for (const e of policy.lexicon) e.enabled = false;
    expect(check('Guaranteed, risk-free, no risk.', policy, { layers: 'rules' })).toMatchObject({
      flags: [],
      requires_approval: false,
    });
  });

  it('uses the organisation’s own terms, severities and suggestions', () => {
    const policy: GuardrailPolicy = {
      lexicon: [
        { term: 'double-digit returns', severity: 'medium', suggestion: 'attractive returns', enabled: true },
      ],
      patterns: [],
    };
    const result = check('We see Double digit returns ahead.', policy);
    expect(result.requires_approval).toBe(false);
    expect(result.flags).toEqual([
      {
        term: 'Double digit returns',
        severity: 'medium',
        suggestion: 'Attractive returns',
        start: 7,
        end: 27,
        rule: 'lexicon:double-digit returns',
        explanation: "'double-digit returns' is on the organisation's forbidden lexicon.",
        rationale:
          'Uses "double-digit returns", on the forbidden lexicon: "We see Double digit returns ahead"',
      },
    ]);
  });

  it('does not flag the negated terms', () => {
    for (const text of [
      'Returns are not guaranteed.',
      'This is not risk-free.',
      'No investment is risk-free.',
      'There is no risk-free investment.',
      'We do not say it will outperform.',
      'We do not publish projected returns.',
      'Non-guaranteed returns are described in the memorandum.',
      'The risk-free rate rose to 4.5%.',
    ]) {
      expect(flagsOf(text), text).toEqual([]);
    }
  });

  it('returns nothing for empty text', () => {
    expect(check('', defaultPolicy())).toMatchObject({ flags: [], requires_approval: false });
  });
});
