import { describe, expect, it } from 'vitest';
import { check } from './check';
import { BUILTIN_PATTERNS, defaultPolicy } from './defaults';
import { FRAME_DEFS } from './frames/defs';
import { flagsOf } from './test-helpers';
import { SEVERITIES } from './types';

/** The default policy without the sentence frames: the rule layer's patterns on their own. */
function rulesOnly() {
  const policy = defaultPolicy();
  for (const p of policy.patterns) if (FRAME_DEFS.some((f) => f.id === p.id)) p.enabled = false;
  return policy;
}

describe('the built-in patterns', () => {
  it('are 12 patterns then 4 frames, with stable ids, a name, a severity, a suggestion and a one-sentence explanation', () => {
    expect(BUILTIN_PATTERNS.map((p) => p.id)).toEqual([
      'guarantee',
      'assurance',
      'promise',
      'certainty',
      'will-perform',
      'cannot-lose',
      'no-downside',
      'invest-advice',
      'forecast-return',
      'target-return',
      'outlook',
      'potential-return',
      'outcome-promise',
      'safety-claim',
      'estimate',
      'exhortation',
    ]);
    for (const p of BUILTIN_PATTERNS) {
      expect(p.name.length).toBeGreaterThan(3);
      expect(SEVERITIES).toContain(p.severity);
      expect(p.suggestion.length).toBeGreaterThan(0);
      expect(p.explanation).toMatch(/^[A-Z][^.]*[^.]\.$/);
      expect(p.enabled).toBe(true);
      expect(p.phrase).toBeNull();
    }
  });

  // text, pattern id, matched text, start, severity, suggestion (rewritten in place)
  it.each([
    ['We guarantee a 10% return.', 'guarantee', 'guarantee', 3, 'high', 'target'],
    ['The REIT guarantees dividends.', 'guarantee', 'guarantees', 9, 'high', 'targets'],
    [
      'The lender is guaranteeing nothing less than par.',
      'guarantee',
      'guaranteeing',
      14,
      'high',
      'targeting',
    ],
    ['A guaranty of income.', 'guarantee', 'guaranty', 2, 'high', 'target'],
    ['We assure you that rents will rise.', 'assurance', 'assure you that', 3, 'high', 'believe that'],
    [
      'The manager assures that the fund will close.',
      'assurance',
      'assures that',
      12,
      'high',
      'believes that',
    ],
    ['Rest assured, we are on it.', 'assurance', 'Rest assured', 0, 'high', 'Please note'],
    ['It has assured returns.', 'assurance', 'assured returns', 7, 'high', 'targeted returns'],
    ['Investors are assured of a 10% return.', 'assurance', 'assured of', 14, 'high', 'targeting'],
    [
      'LPs can be assured that the fund will close.',
      'assurance',
      'assured that',
      11,
      'high',
      'confident that',
    ],
    ['The sponsor assures a 9% yield.', 'assurance', 'assures a 9% yield', 12, 'high', 'targets a 9% yield'],
    [
      'We promise investors that it will close.',
      'promise',
      'promise investors that',
      3,
      'high',
      'believe that',
    ],
    ['We promise a 2x multiple.', 'promise', 'promise', 3, 'high', 'target'],
    ['The promised yield did not move.', 'promise', 'promised', 4, 'high', 'targeted'],
    ['It is certain to rise.', 'certainty', 'is certain to rise', 3, 'high', 'is positioned to rise'],
    ['Rents are bound to rise.', 'certainty', 'are bound to rise', 6, 'high', 'are positioned to rise'],
    ['Prices sure to climb.', 'certainty', 'sure to climb', 7, 'high', 'positioned to climb'],
    [
      'It definitely will outperform.',
      'certainty',
      'definitely will outperform',
      3,
      'high',
      'may outperform',
    ],
    ['It will certainly beat the index.', 'certainty', 'will certainly beat', 3, 'high', 'may beat'],
    ['It is a sure bet.', 'certainty', 'sure bet', 8, 'high', 'compelling opportunity'],
    ['A safe bet for LPs.', 'certainty', 'safe bet', 2, 'high', 'compelling opportunity'],
    ['The fund will double.', 'will-perform', 'will double', 9, 'high', 'may double'],
    ['It will easily exceed the hurdle.', 'will-perform', 'will easily exceed', 3, 'high', 'may exceed'],
    [
      'It will continue to outperform.',
      'will-perform',
      'will continue to outperform',
      3,
      'high',
      'may continue to outperform',
    ],
    [
      'The fund will deliver 18% returns.',
      'will-perform',
      'will deliver 18% returns',
      9,
      'high',
      'may deliver 18% returns',
    ],
    ['You will earn 12% a year.', 'will-perform', 'will earn 12%', 4, 'high', 'may earn 12%'],
    ['This can double your money.', 'will-perform', 'double your money', 9, 'high', 'grow your money'],
    ["You can't lose.", 'cannot-lose', "can't lose", 4, 'high', 'could still lose'],
    ['You cannot fail here.', 'cannot-lose', 'cannot fail', 4, 'high', 'could still fail'],
    ['You can not lose money.', 'cannot-lose', 'can not lose', 4, 'high', 'could still lose'],
    ['You will never lose capital.', 'cannot-lose', 'will never lose', 4, 'high', 'could still lose'],
    ["You won't lose a cent.", 'cannot-lose', "won't lose", 4, 'high', 'could still lose'],
    ['You can’t go wrong.', 'cannot-lose', 'can’t go wrong', 4, 'high', 'could still go wrong'],
    ['There is no downside.', 'no-downside', 'no downside', 9, 'high', 'limited downside'],
    ['It carries zero risk.', 'no-downside', 'zero risk', 11, 'high', 'limited risk'],
    ['It is riskless.', 'no-downside', 'riskless', 6, 'high', 'lower-risk'],
    ['Returns without any risk.', 'no-downside', 'without any risk', 8, 'high', 'with limited risk'],
    ['Your capital is safe.', 'no-downside', 'capital is safe', 5, 'high', 'capital is managed prudently'],
    [
      'Principal will be protected.',
      'no-downside',
      'Principal will be protected',
      0,
      'high',
      'Principal will be managed prudently',
    ],
    ['A safe investment.', 'no-downside', 'safe investment', 2, 'high', 'lower-risk investment'],
    [
      'You should buy units.',
      'invest-advice',
      'You should buy',
      0,
      'high',
      'You may wish to consider buying',
    ],
    [
      'You must subscribe today.',
      'invest-advice',
      'You must subscribe',
      0,
      'high',
      'You may wish to consider subscribing',
    ],
    [
      'You ought to invest now.',
      'invest-advice',
      'You ought to invest',
      0,
      'high',
      'You may wish to consider investing',
    ],
    [
      'You should increase your commitment.',
      'invest-advice',
      'You should increase your commitment',
      0,
      'high',
      'You may wish to consider increasing your commitment',
    ],
    [
      'Now is the time to invest.',
      'invest-advice',
      'Now is the time to invest',
      0,
      'high',
      'You may wish to consider investing',
    ],
    [
      "Now's the moment to buy.",
      'invest-advice',
      "Now's the moment to buy",
      0,
      'high',
      'You may wish to consider buying',
    ],
    [
      'We recommend that you invest more.',
      'invest-advice',
      'recommend that you invest',
      3,
      'high',
      'suggest you consider investing',
    ],
    [
      'We urge you to commit early.',
      'invest-advice',
      'urge you to commit',
      3,
      'high',
      'invite you to consider committing',
    ],
    [
      'We expect a 12% IRR.',
      'forecast-return',
      'expect a 12% IRR',
      3,
      'medium',
      'target a 12% IRR (not guaranteed)',
    ],
    [
      'Forecast returns are 9%.',
      'forecast-return',
      'Forecast returns are 9%',
      0,
      'medium',
      'Target returns are 9% (not guaranteed)',
    ],
    [
      'The estimated net IRR is 11%.',
      'forecast-return',
      'estimated net IRR',
      4,
      'medium',
      'targeted net IRR (not guaranteed)',
    ],
    [
      'We project a 1.9x MOIC.',
      'forecast-return',
      'project a 1.9x MOIC',
      3,
      'medium',
      'target a 1.9x MOIC (not guaranteed)',
    ],
    [
      'Returns are expected to rise.',
      'forecast-return',
      'Returns are expected to',
      0,
      'medium',
      'Returns are targeted to',
    ],
    [
      'The projections show a 2x multiple.',
      'forecast-return',
      'projections show a 2x multiple',
      4,
      'medium',
      'targets show a 2x multiple (not guaranteed)',
    ],
    [
      'We are targeting 2.0x.',
      'target-return',
      'targeting 2.0x',
      7,
      'medium',
      'targeting 2.0x (not guaranteed)',
    ],
    [
      'The fund targets a 15% net IRR.',
      'target-return',
      'targets a 15% net IRR',
      9,
      'medium',
      'targets a 15% net IRR (not guaranteed)',
    ],
    [
      'We aim for a 2.5x multiple.',
      'target-return',
      'aim for a 2.5x multiple',
      3,
      'medium',
      'aim for a 2.5x multiple (not guaranteed)',
    ],
    [
      'The plan aims to triple revenue.',
      'target-return',
      'aims to triple',
      9,
      'medium',
      'aims to triple (not guaranteed)',
    ],
    [
      'The fund is poised to outperform.',
      'outlook',
      'poised to outperform',
      12,
      'low',
      'positioned to outperform',
    ],
    [
      'It is set to deliver 8% yields.',
      'outlook',
      'set to deliver 8% yields',
      6,
      'low',
      'positioned to deliver 8% yields',
    ],
    ['We are on track to beat the hurdle.', 'outlook', 'on track to beat', 7, 'low', 'positioned to beat'],
    [
      'It is well positioned to outperform.',
      'outlook',
      'well positioned to outperform',
      6,
      'low',
      'positioned to outperform',
    ],
    ['It is likely to rebound.', 'outlook', 'likely to rebound', 6, 'low', 'positioned to rebound'],
    [
      'The leases should deliver a 7% yield.',
      'outlook',
      'should deliver a 7% yield',
      11,
      'low',
      'could deliver a 7% yield',
    ],
    ['It could double.', 'potential-return', 'could double', 3, 'low', 'could double (not guaranteed)'],
    [
      'The exit may return 3x.',
      'potential-return',
      'may return 3x',
      9,
      'low',
      'may return 3x (not guaranteed)',
    ],
    [
      'We see upside of 40%.',
      'potential-return',
      'upside of 40%',
      7,
      'low',
      'upside of 40% (not guaranteed)',
    ],
  ] as const)('%j → %s', (text, id, term, start, severity, suggestion) => {
    expect(flagsOf(text, rulesOnly())).toEqual([
      {
        term,
        severity,
        suggestion,
        start,
        end: start + term.length,
        rule: `pattern:${id}`,
        explanation: BUILTIN_PATTERNS.find((p) => p.id === id)?.explanation,
        rationale: expect.stringMatching(/^[A-Z][^:]+: ".+"$/),
      },
    ]);
    expect(check(text, rulesOnly(), { layers: 'frames' }).requires_approval).toBe(severity === 'high');
  });

  it('covers every built-in pattern in the table above', () => {
    const ids = new Set(BUILTIN_PATTERNS.map((p) => p.id));
    expect(ids.size).toBe(12 + FRAME_DEFS.length);
  });
});

describe('compliant language', () => {
  it.each([
    // negations and disclaimers
    'We cannot guarantee future performance.',
    "We can't guarantee the timing of exits.",
    'There is no guarantee that the fund will achieve its objectives.',
    'Past performance is no guarantee of future results.',
    'Past performance is not a guarantee of future results.',
    'The fund is not risk-free.',
    'Returns are not guaranteed.',
    'Distributions are neither promised nor guaranteed.',
    'We make no promises about the exit timetable.',
    'We do not assure any level of return.',
    'Nothing in this letter is a promise of future returns.',
    'Nothing in this update should be construed as a guarantee.',
    'Targets are not guarantees of future performance.',
    'This investment is not without risk.',
    'We are unable to guarantee the closing date.',
    'Returns are in no way guaranteed.',
    // dated historical figures
    'The fund returned 8.2% in 2023.',
    'The Q3 2025 distribution of 1.5% was paid on 15 October.',
    'Fund II delivered a 14% net IRR.',
    'The portfolio generated a 2.1x multiple at exit in 2024.',
    'Fund III exceeded its target of 12% in 2023.',
    'The previous fund returned 1.9x, ahead of the projected 1.7x.',
    'Returns were lower than expected in the fourth quarter.',
    // neutral uses of risk
    'Please see the risk factors in the memorandum.',
    'Our risk management framework is reviewed each quarter.',
    'The main risks are refinancing and construction delays.',
    'The risk-free rate rose to 4.5%.',
    'Interest rate risk is hedged until 2028.',
    // will about logistics
    'We will send the K-1 by March 15.',
    'The distribution will be paid on 15 January.',
    'The fund will pay the distribution on 15 January.',
    'We will deliver the 2025 returns report by Friday.',
    'We will return the signed documents by courier.',
    'The team will double in size next year.',
    'We will never lose sight of our duty.',
    // other neutral uses
    'The sponsor provided a parent company guarantee.',
    'The guarantee fee is charged to the project company.',
    'Please make sure to return the forms.',
    'The fund is bound to the terms of the agreement.',
    'You should review the subscription agreement with your advisers.',
    'We expect to send the statements by 15 March.',
    'The promising pipeline includes two hospitals.',
    'There is no downside protection in the equity tranche.',
  ])('does not flag %j', (text) => {
    expect(check(text, defaultPolicy())).toMatchObject({ flags: [], requires_approval: false });
  });
});

describe('organisation settings for built-ins', () => {
  it('ignores disabled patterns and unknown ids', () => {
    const policy = defaultPolicy();
    for (const p of policy.patterns) if (p.id === 'guarantee') p.enabled = false;
    policy.patterns.push({ ...policy.patterns[0], id: 'no-such-rule', enabled: true, phrase: null } as never);
    // (the classifier may still read the sentence as a promise: it is not the pattern)
    expect(check('We guarantee it.', policy).flags.filter((f) => f.rule.startsWith('pattern:'))).toEqual([]);
  });

  it('uses a changed severity, and a changed suggestion literally for the whole match', () => {
    const policy = defaultPolicy();
    const rule = policy.patterns.find((p) => p.id === 'forecast-return');
    if (!rule) throw new Error('missing');
    rule.severity = 'high';
    rule.suggestion = 'aim for';
    const result = check('We expect a 12% IRR.', policy);
    expect(result.requires_approval).toBe(true);
    expect(result.flags[0]).toMatchObject({
      term: 'expect a 12% IRR',
      severity: 'high',
      suggestion: 'aim for',
    });
  });
});
