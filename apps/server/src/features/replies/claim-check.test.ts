import { describe, expect, it } from 'vitest';
import {
  type ClaimFinding,
  type ClaimSource,
  checkClaims,
  figureKindOf,
  supportingSentenceOf,
} from './claim-check';

const Q3 =
  'Q3 2025 distribution: the Fund paid $0.1450 per unit on 14 November 2025 to unitholders of record on 30 September 2025. The annualised distribution yield is 2.9%.';
const Q2 = 'Q2 2025 distribution: the Fund paid $0.1400 per unit on 15 August 2025. The yield was 2.8%.';
const FEES = 'The management fee is 0.85% a year of net asset value. Total fund assets are $1.42 billion.';

function source(n: number, text: string, passageId = `p${n}`): ClaimSource {
  return { n, passageId, text };
}

/** The terms flagged unsupported in a one-line reply citing the given passages. */
function unsupported(text: string, sources: ClaimSource[], investorText?: string): string[] {
  return checkClaims({ text, sources, ...(investorText ? { investorText } : {}) })
    .filter((f) => f.rule === 'unsupported_figure')
    .map((f) => f.term);
}

describe('checkClaims: figures compared by value', () => {
  it.each([
    ['$1.42 billion', 'Total fund assets are $1.42bn [1].'],
    ['$1.42 billion', 'Total fund assets are USD 1.42 billion [1].'],
    ['$1.42 billion', 'Total fund assets are $1,420,000,000 [1].'],
    ['$1.42 billion', 'Total fund assets are 1.42 billion USD [1].'],
    ['0.85%', 'The management fee is 0.85 per cent a year [1].'],
    ['0.85%', 'The management fee is 0.85 percent a year [1].'],
    ['0.85%', 'The management fee is 85 bps a year [1].'],
    ['4.90%', 'The yield is 4.9% [1].'],
    ['2,000 units', 'You hold 2000 units [1].'],
    ['1.8x', 'The fund targets 1.8 times its capital [1].'],
  ])('a source saying %s supports “%s”', (written, draft) => {
    expect(unsupported(draft, [source(1, `The figure is ${written}.`)])).toEqual([]);
  });

  it.each([
    'The record date was September 30, 2025 [1].',
    'The record date was 30/09/2025 [1].',
    'The record date was 30.09.2025 [1].',
    'The record date was 2025-09-30 [1].',
    'The record date was 30th of Sept. 2025 [1].',
  ])('“%s” is the date 30 September 2025', (draft) => {
    expect(unsupported(draft, [source(1, Q3)])).toEqual([]);
  });

  it('reads a year before a word as the year, or as a count of that many', () => {
    expect(unsupported('The Q3 2025 distribution was paid [1].', [source(1, Q3)])).toEqual([]);
    expect(unsupported('The Q3 2024 distribution was paid [1].', [source(1, Q3)])).toEqual(['2024']);
    expect(unsupported('You hold 2000 units [1].', [source(1, 'A holding of 2,000 units.')])).toEqual([]);
  });

  it('supports a month, a year or a day and month that a full date in the source contains', () => {
    expect(unsupported('Units were paid in November 2025 [1], on 14 November [1].', [source(1, Q3)])).toEqual(
      [],
    );
    expect(unsupported('The fund paid in 2025 [1].', [source(1, Q3)])).toEqual([]);
    expect(unsupported('It was paid on 15 November 2025 [1].', [source(1, Q3)])).toEqual([
      '15 November 2025',
    ]);
  });

  it('reads an ambiguous numeric date as written only: 03/04/2025 is not 3 April 2025', () => {
    const april = source(1, 'The notice was sent on 3 April 2025.');
    expect(unsupported('The notice went out on 03/04/2025 [1].', [april])).toEqual(['03/04/2025']);
    expect(unsupported('The notice went out on 03/04/2025 [1].', [source(1, 'Sent 03/04/2025.')])).toEqual(
      [],
    );
  });

  it('refuses a figure that only rounds the source’s: 3% for 2.9%, $0.15 for $0.1450', () => {
    expect(unsupported('The annualised yield is 3% [1].', [source(1, Q3)])).toEqual(['3%']);
    expect(unsupported('The Fund paid $0.15 per unit [1].', [source(1, Q3)])).toEqual(['$0.15']);
    expect(unsupported('The annualised yield is 2.9% [1].', [source(1, Q3)])).toEqual([]);
  });

  it('keeps currencies apart, but lets a table’s bare number support an amount', () => {
    expect(unsupported('Total fund assets are €1.42 billion [1].', [source(1, FEES)])).toEqual([
      '€1.42 billion',
    ]);
    expect(unsupported('The NAV per unit is $10.42 [1].', [source(1, 'NAV per unit (USD)\n10.42')])).toEqual(
      [],
    );
  });

  it('flags every figure a cited passage lacks, with its UTF-16 offsets and sentence', () => {
    const text = 'Dear Zoë 👋,\n\nThe yield is 3.1% and the fee 0.85% [1]. Other news follows.';
    const [finding, ...rest] = checkClaims({ text, sources: [source(1, FEES)] });
    expect(rest).toEqual([]);
    expect(finding?.term).toBe('3.1%');
    expect(text.slice(finding?.start, finding?.end)).toBe('3.1%');
    expect(text.slice(finding?.sentence.start, finding?.sentence.end)).toBe(
      'The yield is 3.1% and the fee 0.85% [1].',
    );
  });

  it('counts amounts, percentages, per-unit values, counts with a unit, multiples and dates as claims', () => {
    const text =
      'Assets are $2.5m [1]. Fees are 1.2% [1]. Each unit paid $0.22 per unit [1]. The fund owns 14 buildings [1]. It trades at 1.3x [1]. It closed on 1 March 2024 [1].';
    expect(unsupported(text, [source(1, 'Nothing numeric here.')])).toEqual([
      '$2.5m',
      '1.2%',
      '$0.22',
      '14 buildings',
      '1.3x',
      '1 March 2024',
    ]);
  });
});

describe('checkClaims: which passages a sentence relies on', () => {
  it('flags a figure of another period that the documents hold but the cited passage does not', () => {
    const sources = [source(1, Q3, 'q3')];
    const fundPassages = [
      { id: 'q2', text: Q2 },
      { id: 'q3', text: Q3 },
    ];
    const [finding] = checkClaims({
      text: 'The Q3 2025 distribution was $0.1400 per unit [1].',
      sources,
      fundPassages,
    });
    expect(finding?.term).toBe('$0.1400');
    expect(finding?.nearest?.passageId).toBe('q3');
  });

  it('links a sentence without a marker to its paragraph’s markers, else to every source', () => {
    const sources = [source(1, Q3), source(2, FEES)];
    // The paragraph cites [1] only: the fee in its other sentence is not supported.
    expect(unsupported('The yield is 2.9% [1]. The fee is 0.85%.', sources)).toEqual(['0.85%']);
    // No marker anywhere: any source will do.
    expect(unsupported('The yield is 2.9%. The fee is 0.85%.', sources)).toEqual([]);
    // Another paragraph's marker does not count.
    expect(unsupported('The yield is 2.9% [1].\n\nThe fee is 0.85% [1].', sources)).toEqual(['0.85%']);
  });

  it('counts a marker whose passage no longer exists as citing nothing', () => {
    expect(unsupported('The yield is 2.9% [2].', [source(1, Q3)])).toEqual(['2.9%']);
  });

  it('reads [1, 2] and [1][2] as citing both passages', () => {
    const sources = [source(1, Q3), source(2, FEES)];
    expect(unsupported('The yield is 2.9% and the fee 0.85% [1, 2].', sources)).toEqual([]);
    expect(unsupported('The yield is 2.9% and the fee 0.85% [1][2].', sources)).toEqual([]);
  });
});

describe('checkClaims: what is not a claim', () => {
  const closing =
    'Kind regards,\nJohn Smith\nHead of Investor Relations\n+44 20 7946 0958\n\nThis message is for information only. Returns of 12% are not guaranteed.';

  it('skips the greeting, and everything from the sign-off on (signature, phone, disclaimer)', () => {
    const text = `Dear Investor 42,\n\nThe yield is 2.9% [1].\n\n${closing}`;
    expect(checkClaims({ text, sources: [source(1, Q3)], author: 'John Smith' })).toEqual([]);
  });

  it('checks what follows the greeting on its line', () => {
    expect(unsupported('Dear Jane, the yield is 3% [1].', [source(1, Q3)])).toEqual(['3%']);
    expect(unsupported('Dear Investor 42\nThe yield is 2.9% [1].', [source(1, Q3)])).toEqual([]);
  });

  it('skips phone numbers and e-mail addresses in the body', () => {
    const text = 'Call us on +44 20 7946 0958 or (212) 555-0100, or write to ir2025@fund.example [1].';
    expect(unsupported(text, [source(1, Q3)])).toEqual([]);
  });

  it('skips list numbering, citation markers, references and the letter’s own counts', () => {
    const text =
      'You asked 2 questions.\n1. The yield is 2.9% [1].\n2) The record date is 30 September 2025 [1].\nSee page 4 of the Class 2 report [1].';
    expect(unsupported(text, [source(1, Q3)])).toEqual([]);
  });

  it('lets the reply restate the investor’s own figures', () => {
    const investorText = 'I hold 2,000 units bought at $9.80 in March 2024. What was the Q3 yield?';
    const text = 'You mention 2000 units bought at $9.80 in March 2024. The Q3 yield is 2.9% [1].';
    expect(unsupported(text, [source(1, Q3)], investorText)).toEqual([]);
    // Without the message: a sentence that says what the investor wrote and cites nothing restates it.
    expect(unsupported(text, [source(1, Q3)])).toEqual([]);
    expect(
      unsupported('Thanks for confirming the $45,100 arrived. The Q3 yield is 2.9% [1].', [source(1, Q3)]),
    ).toEqual([]);
    // The same figures stated as the fund's, or cited, are checked.
    expect(
      unsupported('Units were bought at $9.80 in March 2024. The Q3 yield is 2.9% [1].', [source(1, Q3)]),
    ).toEqual(['$9.80', 'March 2024']);
    expect(unsupported('You mention the NAV was $9.80 [1].', [source(1, Q3)])).toEqual(['$9.80']);
  });

  it('reads a figure just before a file name', () => {
    expect(unsupported('The NAV was 10.42 in Report.pdf [1].', [source(1, Q3)])).toEqual(['10.42']);
  });

  it('does not take digits inside names, identifiers or file names for figures', () => {
    const text =
      '- Q3 Letter 2025.pdf#page=2 states: "The yield is 2.9%." [1]\nISIN LU0123456789 at 10:30 am.';
    expect(unsupported(text, [source(1, Q3)])).toEqual([]);
  });
});

describe('checkClaims: a figure in the cited passage, but in another place', () => {
  const SERIES =
    '### Series Summary (30 September 2025) | | Levered Series | Unlevered Series | |---|---|---| | NAV per Unit | $20.14 | $19.87 | | NAV per Unit at 30 June 2025 | $20.21 | $19.90 | | Management fee | 1.00% p.a. | 0.75% p.a. |';
  const CLASSES =
    'Class A Interests require at least 45 days’ prior written notice; Class B Interests require at least 60 days’ prior written notice.';
  const LETTER =
    'On 30 September 2025 the NAV per unit rose to $11.84 from $11.62, a total return of 2.9% for the quarter.';

  it.each([
    ['The Unlevered Series management fee is 1.00% [1].', SERIES, '1.00%'],
    ['At 30 September 2025 the Unlevered Series NAV per Unit was $19.90 [1].', SERIES, '$19.90'],
    ['Class A Interests require 60 days’ notice [1].', CLASSES, '60 days'],
    ['At 30 September 2025 the NAV per unit was $11.62 [1].', LETTER, '$11.62'],
  ])('“%s” takes another column’s, class’s or period’s figure', (draft, passage, term) => {
    expect(unsupported(draft, [source(1, passage)])).toEqual([term]);
  });

  it.each([
    ['The Unlevered Series management fee is 0.75% and its NAV per Unit was $19.87 [1].', SERIES],
    ['The Unlevered Series NAV per Unit was $19.90 at 30 June 2025 [1].', SERIES],
    ['Class B Interests require 60 days’ notice; Class A 45 days [1].', CLASSES],
    ['The NAV per unit rose to $11.84 from $11.62 [1].', LETTER],
    // Naming no class, any class's figure is the cited one: only a named class is compared.
    ['The notice period is 60 days [1].', CLASSES],
  ])('“%s” is supported where its figure stands', (draft, passage) => {
    expect(unsupported(draft, [source(1, passage)])).toEqual([]);
  });
});

describe('checkClaims: nearest', () => {
  it('names the fund passage sharing the most words that holds a figure of the same kind', () => {
    const fundPassages = [
      { id: 'fees', text: FEES },
      { id: 'q3', text: Q3 },
      { id: 'words', text: 'The annualised distribution yield is described in the prospectus.' },
    ];
    const [finding] = checkClaims({
      text: 'The annualised distribution yield is 3.1% [1].',
      sources: [source(1, FEES, 'fees')],
      fundPassages,
    });
    expect(finding?.nearest).toEqual({ passageId: 'q3', text: Q3 });
  });

  it('falls back to the sources, and is null when no passage holds a figure of that kind', () => {
    const [fromSources] = checkClaims({
      text: 'The management fee is 0.75% [1].',
      sources: [source(1, FEES)],
    });
    expect(fromSources?.nearest?.passageId).toBe('p1');
    const [none] = checkClaims({
      text: 'The management fee is 0.75% [1].',
      sources: [source(1, 'The management fee is set out in the prospectus.')],
    });
    expect(none?.nearest).toBeNull();
  });

  it('quotes the passage sentence that holds a figure of the kind and shares the most words', () => {
    expect(supportingSentenceOf(Q3, 'The annualised yield is 3%', 'percent')).toBe(
      'The annualised distribution yield is 2.9%.',
    );
    expect(supportingSentenceOf(Q3, 'The fund paid $0.15 per unit', 'amount')).toMatch(
      /^Q3 2025 distribution/,
    );
    expect(supportingSentenceOf(FEES, 'It traded at 1.3x', 'multiple')).toBeNull();
    // A fact sheet's bullet is quoted without its list marker or bold.
    expect(
      supportingSentenceOf(
        '- **Management fee:** 0.85% per year of NAV.',
        'The management fee is 0.95%',
        'percent',
      ),
    ).toBe('Management fee: 0.85% per year of NAV.');
    // A .txt notice's lines, joined by the indexer: the line holding the figure, not the whole run.
    expect(
      supportingSentenceOf(
        'Distribution per unit: $0.1450 Record date: 31 October 2025 Payment date: 14 November 2025 Payment method: wire transfer.',
        'It is paid on 15 November 2025',
        'date',
      ),
    ).toBe('Payment date: 14 November 2025');
    expect(figureKindOf('$0.15')).toBe('amount');
    expect(figureKindOf('30 September 2025')).toBe('date');
  });
});

describe('checkClaims: links', () => {
  const withLink = source(1, 'Reports are at https://www.fund.example/reports/q3 for unitholders.');

  it('flags a link no cited passage holds, and accepts one that a passage holds (or its site)', () => {
    const findings = checkClaims({
      text: 'See https://fund.example/reports/q3/ and www.fund.example, or http://evil.example/win. [1]',
      sources: [withLink],
    });
    expect(findings.map((f) => [f.rule, f.term])).toEqual([['unsourced_link', 'http://evil.example/win']]);
  });

  it('leaves the links of the closing alone', () => {
    const text = 'The yield is 2.9% [1].\n\nKind regards,\nJohn Smith\nwww.manager.example';
    expect(checkClaims({ text, sources: [source(1, Q3)] })).toEqual([]);
  });
});

describe('checkClaims: sign-offs', () => {
  const body = 'Dear Jane,\n\nThe yield is 2.9% [1].\n\n';
  const sources = [source(1, Q3)];
  const rules = (findings: ClaimFinding[]) => findings.map((f) => [f.rule, f.term]);

  it('flags a sign-off before the closing, on one line or as a block', () => {
    const oneLine = `${body}Best regards, Margaret Chen, Portfolio Manager\n\nKind regards,\nJohn Smith`;
    expect(rules(checkClaims({ text: oneLine, sources }))).toEqual([
      ['second_sign_off', 'Best regards, Margaret Chen, Portfolio Manager'],
    ]);
    const block = `${body}Sincerely,\nMargaret Chen\nPortfolio Manager\n\nKind regards,\nJohn Smith`;
    const [finding] = checkClaims({ text: block, sources });
    expect(finding?.term).toBe('Sincerely, Margaret Chen, Portfolio Manager');
    expect(block.slice(finding?.start, finding?.end)).toBe('Sincerely,\nMargaret Chen\nPortfolio Manager');
  });

  it('flags a closing signed by someone who is not the author, when the author is known', () => {
    const text = `${body}Best regards,\nMargaret Chen\nPortfolio Manager`;
    expect(rules(checkClaims({ text, sources, author: 'John Smith' }))).toEqual([
      ['second_sign_off', 'Margaret Chen'],
    ]);
    expect(checkClaims({ text, sources, author: ['John Smith', 'Margaret Chen'] })).toEqual([]);
    expect(checkClaims({ text, sources })).toEqual([]);
    const team = `${body}Kind regards,\nThe Investor Relations team`;
    expect(checkClaims({ text: team, sources, author: 'John Smith' })).toEqual([]);
  });

  it('reads a signature that opens with its own sign-off under the closing', () => {
    const text = `${body}Kind regards,\nCordially,\nJohn Smith`;
    expect(checkClaims({ text, sources, author: 'John Smith' })).toEqual([]);
  });

  it('does not take a sentence or a lone “Thanks.” for a sign-off', () => {
    const text = `${body}Thanks, that is all for now.\nThanks.\n\nKind regards,\nJohn Smith`;
    expect(checkClaims({ text, sources, author: 'John Smith' })).toEqual([]);
  });
});

describe('checkClaims: speed', () => {
  it('checks a 5 KB draft against 1,000 passages in linear time', () => {
    const passages = Array.from({ length: 1000 }, (_, i) => ({
      id: `p${i}`,
      text: `Quarter ${(i % 4) + 1} report ${i}: the fund reported a yield of ${(i % 97) / 10 + 1}% for the period ended 30 June 2025, against ${(i % 89) / 10}% a year earlier. Net assets were USD ${(i % 300) + 100} million across ${(i % 40) + 10} investments. Past performance is not a guide to future results.`,
    }));
    const sentences = [
      'The yield was 1.0% for the period ended 30 June 2025 [1].',
      'Net assets were USD 101 million across 11 investments [2].',
      'The yield was 4.5% a year [3].',
      'Occupancy was 97.2% at the end of June 2025.',
    ];
    let text = 'Dear Jane,\n\n';
    for (let i = 0; text.length < 5000; i += 1) text += `${sentences[i % 4]}${i % 3 === 2 ? '\n\n' : ' '}`;
    const input = {
      text,
      sources: passages.map((p, i) => ({ n: i + 1, passageId: p.id, text: p.text })),
      fundPassages: passages,
    };
    checkClaims(input);
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      checkClaims(input);
      times.push(performance.now() - started);
    }
    // The target is well under 50 ms (npm run bench -w @parley/server); on a shared test machine
    // this only catches work that grows with sentences × passages.
    expect(Math.min(...times)).toBeLessThan(250);
  });
});
