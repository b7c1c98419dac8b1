import { describe, expect, it } from 'vitest';
import { answerOfReply } from './library-answer-draft';

describe('the answer a sent reply gives', () => {
  it('leaves out the greeting, the opening thanks, the sign-off, signature and disclaimer', () => {
    const reply =
      'Dear Ms Whitfield,\n\nThank you for your message.\n\nThe fee is 1.25% a year [1].\n\nIt is charged quarterly.\n\nKind regards,\nDana Director\n\nThis is not investment advice.';
    expect(answerOfReply(reply)).toBe('The fee is 1.25% a year [1].\n\nIt is charged quarterly.');
  });

  it('keeps a first sentence that thanks for something else, and a reply with no greeting or sign-off', () => {
    expect(answerOfReply('Thanks to the new lease, income rose 4% [1].')).toBe(
      'Thanks to the new lease, income rose 4% [1].',
    );
    expect(
      answerOfReply('Hello Jane,\nThanks for your e-mail about fees.\nThe fee is 1.25% [1].\n\nBest, Sam'),
    ).toBe('The fee is 1.25% [1].');
  });
});
