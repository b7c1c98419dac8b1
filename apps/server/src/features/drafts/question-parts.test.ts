import { describe, expect, it } from 'vitest';
import { answerSentences, proseOf } from './answer-sentences';
import { phraseConcepts } from './fund-phrases';
import { questionItems, questionTerms, specifiersOf } from './question-parts';

describe('reading an investor’s question', () => {
  it('splits an investor’s numbering into items, each with the words before it as context', () => {
    expect(
      questionItems(
        'For the Q3 payout: (1) the value date, and (2) the per-unit rate, so I can reconcile our report.',
      ),
    ).toEqual([
      { text: 'the value date', context: 'For the Q3 payout:' },
      { text: 'the per-unit rate', context: 'For the Q3 payout:' },
    ]);
  });

  it('splits a joined question only where the first part asks, and drops why the investor asks', () => {
    expect(questionItems('What does Beta charge, and when does that change?').map((i) => i.text)).toEqual([
      'What does Beta charge',
      'when does that change?',
    ]);
    expect(questionItems('With rates falling, what payout should we pencil in?')).toHaveLength(1);
    expect(questionItems('What is the NAV, so that I can update our model?')[0]?.text).toBe(
      'What is the NAV',
    );
  });

  it('names a fund concept asked in the investor’s words, and keeps the investor’s own words beside it', () => {
    const { concepts, rest } = phraseConcepts('What is your cut of the upside?');
    expect(concepts).toEqual([['performance', 'incentive', 'carried', 'carry']]);
    expect(rest).not.toMatch(/upside/);
    const terms = questionTerms('the per-unit amount of the Q3 distribution');
    expect(terms.find((t) => t.named && t.stems.includes('per'))).toBeTruthy();
    // 'distribution' is the investor's own word: it counts on its own as well as in the concept.
    expect(terms.some((t) => t.stems[0] === 'distr')).toBe(true);
    // An acronym names what is asked; a lower-case word does not.
    expect(questionTerms('Does it generate UBTI?').find((t) => t.stems[0] === 'ubti')?.named).toBe(true);
  });

  it('reads a numbered fund, call or notice as pinning the question', () => {
    expect(specifiersOf('the due date of Capital Call No. 8 for Fund III')).toEqual(
      new Set(['call-8', 'fund-iii']),
    );
  });
});

describe('the sentences of a passage', () => {
  it('reads a table row with its column names, and skips the header and separator rows', () => {
    const sentences = answerSentences(
      [
        'Distribution per Unit',
        '| Component | Levered Series | Unlevered Series |',
        '|---|---|---|',
        '| Total per Unit | $0.5200 | $0.4100 |',
      ].join('\n'),
    );
    expect(sentences.map((s) => s.text)).toEqual([
      'Total per Unit: Levered Series $0.5200; Unlevered Series $0.4100',
    ]);
    expect(sentences[0]?.heading).toBe('Distribution per Unit');
    expect(proseOf(sentences[0] ?? { text: '', heading: null, index: 0 })).toBe(
      'The total per Unit is Levered Series $0.5200; Unlevered Series $0.4100.',
    );
  });

  it('takes a title line for a heading, never for an answer', () => {
    const sentences = answerSentences(
      'Harbor Direct Lending Fund II — Third Quarter 2025 Letter to Limited Partners\nPayment Date: 13 November 2025',
    );
    expect(sentences.map((s) => s.text)).toEqual(['Payment Date: 13 November 2025']);
    expect(sentences[0]?.heading).toMatch(/Third Quarter 2025 Letter/);
  });
});
