import { describe, expect, it } from 'vitest';
import { applySuggestion, check } from '../check';
import { defaultPolicy } from '../defaults';
import type { GuardrailPolicy, Severity } from '../types';
import { FRAME_DEFS } from './defs';

/** The default policy with the classifier's sentence-level guesses left out of the assertions. */
function flagsOf(text: string, policy: GuardrailPolicy = defaultPolicy()) {
  const flags = check(text, policy).flags.filter((f) => !f.rule.startsWith('classifier:'));
  for (const f of flags) expect(text.slice(f.start, f.end)).toBe(f.term);
  return flags;
}

const RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

describe('the sentence frames', () => {
  it('are built-in patterns after the 12 rules, so the Compliance center lists them', () => {
    const ids = defaultPolicy().patterns.map((p) => p.id);
    expect(ids.slice(12)).toEqual(['outcome-promise', 'safety-claim', 'estimate', 'exhortation']);
    for (const def of FRAME_DEFS) expect(def.explanation).toMatch(/^[A-Z].*\.$/);
  });

  // text, frame, flagged words, severity, rationale
  it.each([
    [
      "You'll earn 9% a year, paid every quarter.",
      'outcome-promise',
      "You'll earn 9%",
      'high',
      'Promises a return: "You\'ll earn 9% a year"',
    ],
    ['We will double your money.', 'outcome-promise', 'will double your money', 'high', null],
    ['Returns will be 9% next year.', 'outcome-promise', 'will be 9%', 'high', null],
    [
      'We are going to triple your capital.',
      'outcome-promise',
      'are going to triple your capital',
      'high',
      null,
    ],
    ['Your 2x return is already in the bag.', 'outcome-promise', 'in the bag', 'high', null],
    [
      'Your capital is completely safe here.',
      'safety-claim',
      'capital is completely safe',
      'high',
      'Claims safety: "Your capital is completely safe here"',
    ],
    ['There is no way to lose on this.', 'safety-claim', 'no way to lose', 'high', null],
    ["This fund can't go down.", 'safety-claim', "can't go down", 'high', null],
    ['Our portfolio is recession-proof.', 'safety-claim', 'recession-proof', 'high', null],
    ['The dividend cannot be cut.', 'safety-claim', 'cannot be cut', 'high', null],
    [
      'We project the NAV at $12 by the fourth quarter.',
      'estimate',
      'project the NAV at $12',
      'medium',
      'States a forecast: "We project the NAV at $12 by the fourth quarter"',
    ],
    ['The asset underwrites to a 1.8x multiple.', 'estimate', 'underwrites to a 1.8x', 'medium', null],
    ['Payouts should rise next year.', 'estimate', 'should rise', 'medium', null],
    ['Our price target is $30.', 'estimate', 'target is $30', 'medium', null],
    ['We are upbeat about the year ahead.', 'estimate', 'upbeat about', 'medium', null],
    [
      'We expect non-accruals to peak this quarter.',
      'estimate',
      'expect non-accruals to peak',
      'medium',
      null,
    ],
    [
      'You ought to move your savings into Fund B.',
      'exhortation',
      'You ought to move your savings',
      'high',
      'Tells the investor to invest: "You ought to move your savings into Fund B"',
    ],
    ['Investors should buy now.', 'exhortation', 'Investors should buy', 'high', null],
    ['Get in now, before the price goes up.', 'exhortation', 'Get in now', 'high', null],
    [
      'Now is a great time to top up your commitment.',
      'exhortation',
      'Now is a great time to top up your commitment',
      'high',
      null,
    ],
  ] as const)('%j → %s', (text, frame, term, severity, rationale) => {
    const flags = flagsOf(text);
    const flag = flags.find((f) => f.rule === `pattern:${frame}`);
    expect(flag, JSON.stringify(flags)).toMatchObject({ term, severity });
    if (rationale) expect(flag?.rationale).toBe(rationale);
  });

  it.each([
    // warnings, reported claims, quotation, questions
    'Beware of anyone promising "guaranteed" profits.',
    'If someone tells you an investment is risk-free, walk away.',
    'Investors were promised returns of 12 percent by the promoters.',
    'The headline read “Buyout funds can’t lose in 2021,” which aged badly.',
    'Is the fund risk-free? No.',
    // negation in its own clause
    'No strategy we run is risk-free.',
    'Your capital is not safe from losses.',
    // defined terms of finance and law
    'The bonds guaranteed by the sponsor mature in 2030.',
    'We have a loan guarantee from the agency.',
    'The notes are senior unsecured obligations and are guaranteed by the operating partnership.',
    'We use the risk-free rate to discount the cash flows.',
    'An expense cap guaranteed by contract until 2027 applies.',
    'We keep a target allocation of 30% to credit.',
    // service promises and idioms
    'We guarantee an answer within one business day.',
    'I promise we will get you the breakdown after the call.',
    'You should invest an hour in reading the memorandum.',
    "I'd put my money on the admin portal rather than the old spreadsheet.",
    // facts, logistics, self-disclaimed targets
    'The fund returned 8.1% net last year.',
    'We expect to send the statements by 15 March.',
    'We project that the investor portal will be down for maintenance on Saturday.',
    'The fund aims for a positive return, but there is no guarantee that it will be achieved.',
    'Shares can lose value, and distributions can be reduced or suspended.',
  ])('does not flag %j', (text) => {
    expect(flagsOf(text)).toEqual([]);
  });

  it('clears a past fact but flags the forecast that follows it', () => {
    const flags = flagsOf('The fund returned 8.1% net last year, and we expect this year to be stronger.');
    expect(flags.map((f) => [f.rule, f.term])).toEqual([
      ['pattern:estimate', 'expect this year to be stronger'],
    ]);
  });

  it('makes a hedged estimate low when the text carries the organisation’s disclaimer', () => {
    const disclaimer = 'Forward-looking statements are not guarantees of future results.';
    const text = 'We project the NAV could reach $12 by the fourth quarter.';
    const policy = { ...defaultPolicy(), disclaimer };
    expect(flagsOf(text, policy)[0]?.severity).toBe('medium');
    expect(flagsOf(`${text}\n\n${disclaimer}`, policy)[0]?.severity).toBe('low');
    // not hedged: the disclaimer alone does not lower it
    expect(flagsOf(`We project the NAV at $12.\n\n${disclaimer}`, policy)[0]?.severity).toBe('medium');
  });

  it('follows the organisation’s settings: disabled, another severity, its own suggestion', () => {
    const text = 'Your capital is completely safe here.';
    const policy = defaultPolicy();
    const safety = policy.patterns.find((p) => p.id === 'safety-claim');
    if (!safety) throw new Error('missing');
    safety.severity = 'medium';
    safety.suggestion = 'capital is managed with care';
    expect(flagsOf(text, policy)[0]).toMatchObject({
      severity: 'medium',
      suggestion: 'capital is managed with care',
    });
    safety.enabled = false;
    expect(flagsOf(text, policy).filter((f) => f.rule === 'pattern:safety-claim')).toEqual([]);
  });

  it('offers fixes that read in place and do not bring the frame back', () => {
    for (const text of [
      "You'll earn 9% a year, paid every quarter.",
      'We will double your money.',
      'Your capital is completely safe here.',
      "This fund can't go down.",
      'We project the NAV at $12 by the fourth quarter.',
      'Payouts should rise next year.',
      'You ought to move your savings into Fund B.',
      'Now is a great time to top up your commitment.',
    ]) {
      const before = flagsOf(text);
      let fixed = text;
      for (const f of [...before].reverse()) fixed = applySuggestion(fixed, f);
      const after = flagsOf(fixed);
      const worst = (fs: typeof before) => Math.max(0, ...fs.map((f) => RANK[f.severity]));
      expect(worst(after), `${text} → ${fixed}`).toBeLessThanOrEqual(worst(before));
      for (const f of before)
        expect(
          after.map((a) => a.rule),
          fixed,
        ).not.toContain(f.rule);
    }
    expect(applySuggestion("You'll earn 9% a year.", flagsOf("You'll earn 9% a year.")[0] as never)).toBe(
      'You may earn 9% (not guaranteed) a year.',
    );
  });
});

describe('the checker’s own rewrites', () => {
  it('leave a fixed lexicon term clean: the suggestion for ‘guaranteed’ is not read as a forecast', () => {
    const text = 'Dear Margot,\n\nYour return is guaranteed.\n\nKind regards,';
    const [flag] = check(text, defaultPolicy()).flags;
    expect(flag?.rule).toBe('lexicon:guaranteed');
    const fixed = applySuggestion(text, flag as NonNullable<typeof flag>);
    expect(fixed).toContain('Your return is targeted.');
    expect(check(fixed, defaultPolicy()).flags).toEqual([]);
  });
});

describe('spelling-tolerant lexicon', () => {
  it.each([
    ['Returns are garanteed.', 'garanteed'],
    ['Returns are guarenteed.', 'guarenteed'],
    ['Returns are gauranteed.', 'gauranteed'],
    ['It is riskfree.', 'riskfree'],
  ])('reads %j as the lexicon term', (text, term) => {
    const [flag] = flagsOf(text);
    expect(flag).toMatchObject({ term, severity: 'high' });
    expect(flag?.rule.startsWith('lexicon:')).toBe(true);
  });

  it('leaves real words and far misspellings alone', () => {
    expect(flagsOf('The guarantor signed the deed.')).toEqual([]);
    expect(flagsOf('We use the riskfree rate.')).toEqual([]);
  });
});

describe('the classifier and uncertain sentences', () => {
  it('adds at most 5 uncertain sentences, each a sentence of the text with a score', () => {
    const text = Array.from({ length: 12 }, (_, i) => `Fund ${i} may see income growth next year.`).join(' ');
    const { uncertain } = check(text, defaultPolicy());
    expect(uncertain.length).toBeLessThanOrEqual(5);
    for (const u of uncertain) {
      expect(text.slice(u.start, u.end)).toBe(u.text);
      expect(u.score).toBeGreaterThan(0);
      expect(u.score).toBeLessThan(1);
    }
  });

  it('runs the rule layer alone when asked', () => {
    const text = 'Your capital is completely safe here.';
    expect(check(text, defaultPolicy(), { layers: 'rules' })).toEqual({
      flags: [],
      requires_approval: false,
      uncertain: [],
    });
  });
});
