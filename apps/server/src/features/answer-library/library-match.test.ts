import { describe, expect, it } from 'vitest';
import { isLibraryMatch, LIBRARY_MATCH, libraryMatchScore } from './library-match';

// Lexemes as PostgreSQL's English configuration gives them (stems, no stop words).
const QUESTION = ['quarter', 'distribut', 'paid', 'much', 'per', 'unit'];

describe('when a message asks a library answer’s question', () => {
  it('matches a message that asks the question in other order, with greetings around it', () => {
    const score = libraryMatchScore(QUESTION, {
      lexemes: [
        'hello',
        'quarter',
        'distribut',
        'paid',
        'much',
        'per',
        'unit',
        'last',
        'one',
        'thank',
        'jane',
      ],
      parts: [['quarter', 'distribut', 'paid', 'much', 'per', 'unit', 'last', 'one']],
    });
    expect(score).toEqual({ shared: 6, coverage: 1, partShare: 0.75 });
    expect(isLibraryMatch(score)).toBe(true);
  });

  it('does not match a neighbouring question that holds only some of its words', () => {
    const score = libraryMatchScore(QUESTION, {
      lexemes: ['distribut', 'paid', 'q3'],
      parts: [['distribut', 'paid', 'q3']],
    });
    expect(score.coverage).toBeLessThan(LIBRARY_MATCH.minQuestionCoverage);
    expect(isLibraryMatch(score)).toBe(false);
  });

  it('does not match a message that also asks something the answer does not cover', () => {
    const score = libraryMatchScore(QUESTION, {
      lexemes: [...QUESTION, 'also', 'manag', 'fee'],
      parts: [QUESTION, ['also', 'manag', 'fee']],
    });
    expect(score.partShare).toBe(0);
    expect(isLibraryMatch(score)).toBe(false);
  });

  it('ignores a part too short to ask anything, and needs two shared words', () => {
    expect(
      isLibraryMatch(libraryMatchScore(QUESTION, { lexemes: QUESTION, parts: [QUESTION, ['help']] })),
    ).toBe(true);
    expect(isLibraryMatch(libraryMatchScore(['fee'], { lexemes: ['fee'], parts: [['fee']] }))).toBe(false);
  });
});
