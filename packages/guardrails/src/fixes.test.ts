import { describe, expect, it } from 'vitest';
import { check } from './check';
import { CORPUS, HOLDOUT } from './corpus';
import { defaultPolicy } from './defaults';
import type { Severity } from './types';

const RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

describe('Apply Fix with the default suggestions', () => {
  it('never leads to a higher severity, and removes every high rule and frame flag', () => {
    const policy = defaultPolicy();
    for (const { text } of [...CORPUS, ...HOLDOUT]) {
      const before = check(text, policy).flags;
      // apply all fixes from the end so earlier offsets stay valid
      let fixed = text;
      for (const f of [...before].reverse())
        fixed = fixed.slice(0, f.start) + f.suggestion + fixed.slice(f.end);
      const worstBefore = Math.max(0, ...before.map((f) => RANK[f.severity]));
      // the classifier judges whole sentences and has no splice to offer; a fixed sentence may still
      // read like a promise to it, which is for the associate to reword
      const after = check(fixed, policy).flags.filter((f) => !f.rule.startsWith('classifier:'));
      const worstAfter = Math.max(0, ...after.map((f) => RANK[f.severity]));
      expect(worstAfter, `${text} → ${fixed}`).toBeLessThanOrEqual(worstBefore);
      expect(
        after.filter((f) => f.severity === 'high'),
        `${text} → ${fixed}`,
      ).toEqual([]);
    }
  });
});

describe('tokenising', () => {
  it('keeps number units, including spelled-out ones, inside the flagged term', () => {
    const text = 'We expect returns of 12 percent, a 2.0× multiple and 150 basis points.';
    expect(check(text, defaultPolicy()).flags.map((f) => f.term)).toEqual(['expect returns of 12 percent']);
    expect(check('We are targeting 150 basis points.', defaultPolicy()).flags[0]?.term).toBe(
      'targeting 150 basis points',
    );
  });

  it('reports offsets in UTF-16 code units around astral characters and combining marks', () => {
    const text = '📈 Re\u0301sumé: returns are 😀 guaranteed.';
    const [flag] = check(text, defaultPolicy()).flags;
    expect(flag?.term).toBe('guaranteed');
    expect(flag?.start).toBe(text.indexOf('guaranteed'));
  });

  it('handles Windows line breaks and non-breaking spaces like spaces', () => {
    const text = 'It is risk\r\nfree and you\u00a0should\u00a0invest.';
    expect(check(text, defaultPolicy()).flags.map((f) => [f.term, f.start])).toEqual([
      ['risk\r\nfree', 6],
      ['you\u00a0should\u00a0invest', 21],
    ]);
  });
});
