import { DEFAULT_DISCLAIMER } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { trigramSimilarity } from '../../../test/trigram-similarity';
import { comparableText, replyBoilerplate } from './communication-class';

const settings = {
  forward_looking_disclaimer: DEFAULT_DISCLAIMER,
  risk_factor_tags: [],
  compliance_contact: 'compliance@fund.example',
};
const boilerplate = replyBoilerplate(settings);
const reply = (name: string, body: string) =>
  `Dear ${name},\n\nThank you for your message.\n\n${body}\n\nKind regards,\nThe IR team\n\n${DEFAULT_DISCLAIMER}\n\nCompliance contact: compliance@fund.example`;

describe('the text replies are compared by (docs/decisions/054-communication-class.md)', () => {
  it('leaves out the salutation, the disclaimer block and the compliance contact', () => {
    expect(comparableText(reply('Anna Berg', 'The fee is 1.25% a year.'), boilerplate)).toBe(
      'Thank you for your message.\n\nThe fee is 1.25% a year.\n\nKind regards,\nThe IR team',
    );
    // A first paragraph that is more than a salutation stays.
    expect(comparableText('Thanks for asking, here is the answer,\n\nMore.', [])).toBe(
      'Thanks for asking, here is the answer,\n\nMore.',
    );
  });

  it('keeps unrelated short replies apart, which the shared disclaimer made look alike', () => {
    const answers = [
      reply(
        'Anna Berg',
        'The Q3 distribution of $0.42 per unit was paid on 15 October to unitholders of record [1].',
      ),
      reply(
        'Tom Field',
        'Redemption requests received before the quarterly cut-off are dealt with at the next dealing day [2].',
      ),
      reply(
        'Sara Lind',
        'The management fee is 1.25% a year, charged quarterly in arrears as the agreement sets out [1].',
      ),
    ];
    const [a, b, c] = answers as [string, string, string];
    // Whole, they come close to the 0.7 that makes texts 'substantially the same'.
    expect(trigramSimilarity(a, b)).toBeGreaterThan(0.55);
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      expect(trigramSimilarity(comparableText(x, boilerplate), comparableText(y, boilerplate))).toBeLessThan(
        0.45,
      );
    }
    // The same letter to two investors stays alike.
    const letter =
      'The Q3 distribution of $0.42 per unit was paid on 15 October to unitholders of record [1].';
    expect(
      trigramSimilarity(
        comparableText(reply('Anna Berg', letter), boilerplate),
        comparableText(reply('Tom Field', letter), boilerplate),
      ),
    ).toBe(1);
  });
});
