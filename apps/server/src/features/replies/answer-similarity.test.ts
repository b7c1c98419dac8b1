import { describe, expect, it } from 'vitest';
import {
  answerSimilarity,
  combinedSimilarity,
  EARLIER_ANSWER_FLOOR,
  letterBodyOf,
  questionSimilarity,
  rankEarlierAnswers,
  SAME_QUESTION_FLOOR,
  searchWordsOf,
} from './answer-similarity';

const asked = {
  subject: 'Q3 distribution date',
  body: 'Hello, could you confirm the payment date and the per-unit amount of the Q3 distribution? Our treasury team needs it for cash planning. Thank you.',
};

const paraphrases = [
  {
    subject: 'Q3 distribution',
    body: 'Hi team,\nwhen will the Q3 distribution be paid and how much is it per unit?\nThanks,\nAnna',
  },
  { subject: 'Q3 payout', body: 'When do you pay the Q3 distribution, and what is the amount per unit?' },
  {
    subject: 'Distribution amount',
    body: 'Dear IR team,\nWhat is the distribution per unit for the third quarter and when is it paid?\nBest regards,\nPeter Jones',
  },
];

const otherQuestions = [
  {
    subject: 'Upcoming capital call',
    body: 'Can you confirm the amount and due date of the next capital call?',
  },
  {
    subject: 'NAV methodology for the office portfolio',
    body: 'Our investment committee asked how the quarterly NAV is determined for the office assets. Are the appraisals external?',
  },
  {
    subject: 'Late distribution again',
    body: 'This is the second quarter in a row the distribution arrived late. Please explain what went wrong.',
  },
  {
    subject: 'Withholding tax on distributions',
    body: 'As a Spanish investor, what withholding tax applies to our distributions, and which forms do you need?',
  },
  { subject: 'K-1 timing for 2025', body: 'When will the K-1 tax packages for the 2025 tax year be issued?' },
];

describe('questionSimilarity', () => {
  it('scores paraphrases of one question above the floor, and other questions below it', () => {
    for (const question of paraphrases) {
      expect(questionSimilarity(asked, question), question.subject).toBeGreaterThanOrEqual(
        EARLIER_ANSWER_FLOOR,
      );
    }
    for (const question of otherQuestions) {
      expect(questionSimilarity(asked, question), question.subject).toBeLessThan(EARLIER_ANSWER_FLOOR);
    }
  });

  it('is symmetric, 1 for the same question and 0 for nothing shared', () => {
    expect(questionSimilarity(asked, asked)).toBe(1);
    const [first] = paraphrases;
    if (!first) throw new Error('no paraphrase');
    expect(questionSimilarity(asked, first)).toBeCloseTo(questionSimilarity(first, asked), 10);
    expect(questionSimilarity(asked, { subject: 'Site visit', body: 'Lovely dinner.' })).toBe(0);
  });

  it('drops only the greeting of a one-line message that opens with one', () => {
    expect(letterBodyOf('Hello, when is the Q3 distribution paid?')).toBe(
      ' when is the Q3 distribution paid?',
    );
    expect(letterBodyOf('Dear team,\nWhen is it paid?\n\nKind regards,\nAnna')).toBe(
      '\nWhen is it paid?\n\n',
    );
  });
});

describe('answerSimilarity', () => {
  const sign = '\n\nKind regards,\nSam\n\nThis message is for information only and is not an offer.';
  it('reads the bodies only: a shared closing and disclaimer make no two replies alike', () => {
    const a = `Dear Anna,\n\nThe Q3 distribution of $0.1450 per unit is paid on 15 October.${sign}`;
    const b = `Dear Bob,\n\nThe Q3 distribution is $0.1450 per unit, paid on 15 October.${sign}`;
    const c = `Dear Bob,\n\nOur auditors are KPMG; the audit finishes in March.${sign}`;
    expect(answerSimilarity(a, b)).toBeGreaterThan(0.7);
    expect(answerSimilarity(a, c)).toBe(0);
  });
});

describe('rankEarlierAnswers', () => {
  const at = (day: number) => new Date(Date.UTC(2025, 9, day));
  const candidate = (id: string, question: { subject: string; body: string }, reply: string, day = 1) => ({
    id,
    question,
    reply,
    sentAt: at(day),
  });
  const [p1, p2, p3] = paraphrases as [
    (typeof paraphrases)[0],
    (typeof paraphrases)[0],
    (typeof paraphrases)[0],
  ];

  it('keeps the answers above the floor, most similar first, the most recent first on a tie, at most the limit', () => {
    const ranked = rankEarlierAnswers({
      question: asked,
      draft: null,
      candidates: [
        candidate('other', otherQuestions[0] as typeof asked, 'The call is due on 1 November.'),
        candidate('older', asked, 'It is $0.1450.', 1),
        candidate('newer', asked, 'It is $0.1450.', 5),
        candidate('p3', p3, 'Paid on 15 October.'),
        candidate('p1', p1, 'Paid on 15 October.'),
      ],
    });
    expect(ranked.map((r) => r.id)).toEqual(['newer', 'older', 'p1', 'p3']);
    expect(ranked[0]).toMatchObject({ similarity: 1, questionScore: 1, answerScore: null });
    expect(
      rankEarlierAnswers({ question: asked, draft: null, candidates: [candidate('p2', p2, '')] }, 0),
    ).toEqual([]);
  });

  it('moves up an answer that says what the draft says, and never buries the same question', () => {
    const draft =
      'Dear Jane,\n\nThe Q3 distribution is $0.1450 per unit, paid on 15 October.\n\nKind regards,\nSam';
    const ranked = rankEarlierAnswers({
      question: asked,
      draft,
      candidates: [
        candidate(
          'same-words',
          p3,
          'Dear Bob,\n\nThe Q3 distribution is $0.1450 per unit, paid on 15 October.',
        ),
        candidate('other-words', p1, 'Dear Anna,\n\nOur treasury pays it next week.'),
      ],
    });
    expect(ranked.map((r) => r.id)).toEqual(['same-words', 'other-words']);
    const [first, second] = ranked;
    expect(first?.similarity).toBeGreaterThan(first?.questionScore ?? 1);
    expect(second?.similarity).toBe(second?.questionScore);
    expect(first?.similarity).toBeGreaterThanOrEqual(SAME_QUESTION_FLOOR);
  });

  it('combines: the question alone without a draft, else the better of it and the mean', () => {
    expect(combinedSimilarity(0.4, null)).toBe(0.4);
    expect(combinedSimilarity(0.4, 0.8)).toBeCloseTo(0.6);
    expect(combinedSimilarity(0.4, 0)).toBe(0.4);
  });
});

describe('searchWordsOf', () => {
  it('lists the content words, topic words before frame words, letters and digits only', () => {
    expect(searchWordsOf(asked)).toEqual([
      'q3',
      'distribution',
      'payment',
      'unit',
      'treasury',
      'cash',
      'date',
      'confirm',
      'amount',
      'team',
      'needs',
      'planning',
    ]);
  });

  it('caps the words, so a long message makes a bounded query', () => {
    const body = Array.from({ length: 100 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`).join(
      ' ',
    );
    expect(searchWordsOf({ subject: 'Long', body })).toHaveLength(40);
  });
});
