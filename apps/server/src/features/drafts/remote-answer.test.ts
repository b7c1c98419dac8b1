import { describe, expect, it } from 'vitest';
import type { DraftPassage } from './drafter';
import { checkRemoteAnswer, isPlainDecline, withoutForeignLinks, withoutSignOff } from './remote-answer';

const passages: DraftPassage[] = [
  { id: 'p1', docPath: 'letter.pdf#page=1', text: 'The distribution was $0.42 per unit.', relevance: 1 },
  {
    id: 'p2',
    docPath: 'notice.md',
    text: 'Statements are at https://investors.fund.example/statements and www.fund.example/tax.',
    relevance: 0.8,
  },
  { id: 'p3', docPath: 'ddq.md', text: 'See http://other.example/ddq for the DDQ.', relevance: 0.5 },
];
const message = { investorName: 'Jane', subject: 'Q3 distribution', body: 'What was the Q3 distribution?' };

function check(answer: string) {
  return checkRemoteAnswer(answer, { passages, message });
}

describe('checking a model answer', () => {
  it('renumbers the cited passages in order of first use, also from a bracket that names several', () => {
    const checked = check('Dear Jane,\n\nB [2] and A [1], again [2], both [1, 2].');
    expect(checked.text).toBe('Dear Jane,\n\nB [1] and A [2], again [1], both [2][1].');
    expect(checked.citations.map((c) => c.id)).toEqual(['p2', 'p1']);
  });

  it('refuses an answer that cites a passage it was not given, naming the number', () => {
    expect(() => check('Dear Jane,\n\nIt was $0.42 [1], up from $0.40 [7].')).toThrow(
      expect.objectContaining({
        code: 'DRAFTER_UNKNOWN_CITATION',
        status: 502,
        message: expect.stringContaining('([7])'),
      }),
    );
    expect(() => check('It was $0.42 [0].')).toThrow(
      expect.objectContaining({ code: 'DRAFTER_UNKNOWN_CITATION' }),
    );
  });

  it('refuses an uncited answer, but accepts a plain decline that repeats only the investor’s figures', () => {
    expect(() => check('Dear Jane,\n\nThe Q3 distribution was $0.45 per unit.')).toThrow(
      expect.objectContaining({ code: 'DRAFTER_UNCITED_ANSWER' }),
    );
    const decline =
      'Dear Jane,\n\nThe fund documents available to me do not contain the Q3 distribution; I will follow up with you.';
    expect(check(decline)).toEqual({ text: decline, citations: [] });
  });
});

describe('recognising a plain decline', () => {
  const asked = { subject: 'Q3 2025 fees', body: 'What are the fees for Q3 2025?' };

  it.each([
    'The fund documents available to me do not contain that information; I will follow up with you.',
    "I don't have that information in the fund documents available to me; I will follow up shortly.",
    'The fees for Q3 2025 are not covered in the fund documents I was given.',
    'The materials provided contain no information on that.',
  ])('accepts %j', (text) => {
    expect(isPlainDecline(text, asked)).toBe(true);
  });

  it.each([
    // A figure of its own: an answer, not a decline, and it needs a citation.
    'The documents do not contain the Q3 2025 fee, but it is usually 0.85%.',
    'The management fee is 0.85% a year.',
    'Thank you for your question about fees.',
  ])('refuses %j', (text) => {
    expect(isPlainDecline(text, asked)).toBe(false);
  });
});

describe('links in an answer', () => {
  const cited = passages.slice(0, 2);

  it('keeps a link a cited passage holds, in any spelling of scheme and www, and removes any other', () => {
    const text = withoutForeignLinks(
      'Statements: https://investors.fund.example/statements/ [2]. Tax: https://www.fund.example/tax. Promo: see http://evil.example/offer. Also www.evil.example, ok?',
      cited,
    );
    expect(text).toBe(
      'Statements: https://investors.fund.example/statements/ [2]. Tax: https://www.fund.example/tax. Promo: see. Also, ok?',
    );
  });

  it('removes a link held only by a passage the answer does not cite', () => {
    expect(withoutForeignLinks('The DDQ (http://other.example/ddq) answers it [1].', cited)).toBe(
      'The DDQ answers it [1].',
    );
  });

  it('keeps the words of a Markdown link whose address is removed', () => {
    expect(withoutForeignLinks('Read [our offer](https://evil.example/x) now [1].', cited)).toBe(
      'Read our offer now [1].',
    );
  });
});

describe('the model’s own sign-off', () => {
  it.each([
    ['Kind regards,\nJohn Smith\nInvestor Relations'],
    ['Best,\n[Your Name]'],
    ['Best regards, Sam'],
    ['Sincerely,\n\nThe IR team'],
    ['Thank you.\n\nWarm regards,\nJo'],
  ])('is removed: %j', (signOff) => {
    expect(withoutSignOff(`Dear Jane,\n\nIt was $0.42 [1].\n\n${signOff}`)).toBe(
      'Dear Jane,\n\nIt was $0.42 [1].',
    );
  });

  it('stays when the line is a sentence, or more of the answer follows it', () => {
    const sentence = 'Dear Jane,\n\nThanks to the new lease, income rose [1].';
    expect(withoutSignOff(sentence)).toBe(sentence);
    const more = 'Dear Jane,\n\nBest,\nThe distribution was $0.42 [1].\nIt was paid in October [1].';
    expect(withoutSignOff(more)).toBe(more);
  });

  it('leaves exactly one sign-off once Parley’s closing is appended', () => {
    const checked = check('Dear Jane,\n\nIt was $0.42 [1].\n\nKind regards,\nJohn');
    expect(checked.text).toBe('Dear Jane,\n\nIt was $0.42 [1].');
  });
});
