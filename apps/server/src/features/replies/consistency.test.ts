import { describe, expect, it } from 'vitest';
import { type EarlierReply, findInconsistencies } from './consistency';

const reply = (body: string) =>
  `Dear Anna,\n\n${body}\n\nKind regards,\nSam Patel\nInvestor Relations, +44 20 7946 0000\n\nPast performance does not indicate future results; 3% of nothing.`;

const earlier = (body: string, id = 'a', question?: string): EarlierReply => ({
  id,
  text: reply(body),
  ...(question ? { question } : {}),
});

function check(draft: string, ...replies: EarlierReply[]) {
  return findInconsistencies({ text: reply(draft), earlier: replies });
}

function terms(draft: string, ...replies: EarlierReply[]) {
  return check(draft, ...replies).map((f) => [f.term, f.earlier.term]);
}

describe('findInconsistencies flags what a draft says otherwise about the same thing', () => {
  it('flags a distribution per unit that differs, spanning the figure and quoting the earlier sentence', () => {
    const draft = 'The Q3 distribution is $0.1550 per unit, paid on 15 October 2025. [1]';
    const [finding, ...rest] = check(
      draft,
      earlier('The Q3 distribution is $0.1450 per unit, paid on 15 October 2025. [2]'),
    );
    expect(rest).toEqual([]);
    expect(finding?.kind).toBe('figure');
    expect(finding?.term).toBe('$0.1550');
    expect(reply(draft).slice(finding?.start, finding?.end)).toBe('$0.1550');
    expect(finding?.earlier).toEqual({
      id: 'a',
      term: '$0.1450',
      sentence: 'The Q3 distribution is $0.1450 per unit, paid on 15 October 2025. [2]',
    });
  });

  it('reads the same quarter however it is written, and the unit before or after the figure', () => {
    expect(
      terms(
        'The distribution for the third quarter was $0.1550 per unit.',
        earlier('Our Q3 distribution came to $0.1450 per unit.'),
      ),
    ).toEqual([['$0.1550', '$0.1450']]);
    expect(
      terms(
        'The NAV per unit was $10.61 as of 30 September 2025.',
        earlier('As of 30 September 2025 the NAV was $10.42 per unit.'),
      ),
    ).toEqual([['$10.61', '$10.42']]);
  });

  it('flags a different count of the same things', () => {
    expect(
      terms('The fund owns 12 properties in Germany.', earlier('The fund owns 14 properties in Germany.')),
    ).toEqual([['12 properties', '14 properties']]);
  });

  it('flags a different payment date, and a different percentage', () => {
    expect(
      terms(
        'The Q3 distribution will be paid on 20 October 2025.',
        earlier('The Q3 distribution will be paid on 15 October 2025.'),
      ),
    ).toEqual([['20 October 2025', '15 October 2025']]);
    expect(
      terms(
        'Occupancy across the logistics park stood at 92.5% at the end of June.',
        earlier('Occupancy across the logistics park was 94.1% at the end of June.'),
      ),
    ).toEqual([['92.5%', '94.1%']]);
  });

  it('reads a month inside a date as that date, not as the period: a record date on one side only', () => {
    expect(
      terms(
        'The Q3 2025 distribution for the Levered Series is $0.5350 per Unit, payable on 13 November 2025.',
        earlier(
          'The Q3 2025 distribution for the Levered Series is $0.5200 per Unit, payable on 13 November 2025 to Limited Partners of record on 30 September 2025.',
        ),
      ),
    ).toEqual([['$0.5350', '$0.5200']]);
  });

  it('names a figure by the words before its period date too', () => {
    expect(
      terms(
        'The net asset value per Class A Interest at 31 October 2025 was $1,665.24.',
        earlier(
          'The net asset value per Class A Interest at 31 October 2025 was $1,656.24, an estimate subject to final administrator review.',
        ),
      ),
    ).toEqual([['$1,665.24', '$1,656.24']]);
  });

  it("reads a sentence opening with 'It' or 'This' with the topic and period of the one before", () => {
    const sent = earlier(
      'Capital Call No. 9 calls 6.0% of each Limited Partner’s Commitment. It is due on 28 October 2025, with funds to be received by 11:00 a.m. Eastern Time.',
    );
    expect(
      terms(
        'Capital Call No. 9 calls 6.0% of each Limited Partner’s Commitment and is due on 30 October 2025.',
        sent,
      ),
    ).toEqual([['30 October 2025', '28 October 2025']]);
    // Another paragraph is not what 'It' refers to.
    const apart = earlier(
      'Capital Call No. 9 calls 6.0% of each Limited Partner’s Commitment.\n\nIt is due on 28 October 2025, with funds to be received by 11:00 a.m. Eastern Time.',
    );
    expect(
      terms(
        'Capital Call No. 9 calls 6.0% of each Limited Partner’s Commitment and is due on 30 October 2025.',
        apart,
      ),
    ).toEqual([]);
  });

  it('names the most similar earlier reply that states the same thing; that reply decides', () => {
    const differs = earlier('The Q3 distribution is $0.1450 per unit.', 'closest');
    const agrees = earlier('The Q3 distribution is $0.1550 per unit.', 'further');
    const draft = 'The Q3 distribution is $0.1550 per unit.';
    expect(check(draft, differs, agrees).map((f) => f.earlier.id)).toEqual(['closest']);
    expect(check(draft, agrees, differs)).toEqual([]);
    // A reply that does not state it is passed over.
    const silent = earlier('The Q3 distribution was paid to every unitholder.', 'silent');
    expect(check(draft, silent, differs).map((f) => f.earlier.id)).toEqual(['closest']);
  });

  it('flags a commitment withheld or weakened on the same thing', () => {
    const promised = earlier(
      'We will not call further capital from existing investors before the final close of the fund.',
    );
    const [finding] = check(
      'We may call further capital from existing investors before the final close of the fund.',
      promised,
    );
    expect(finding).toMatchObject({ kind: 'commitment', term: 'may' });
    expect(finding?.earlier.sentence).toContain('We will not call further capital');
    expect(
      terms(
        'The sponsor guarantees the senior loan repayment for the Riverside property.',
        earlier('The sponsor expects to support the senior loan repayment for the Riverside property.'),
      ),
    ).toEqual([['guarantees', 'expects']]);
  });
});

describe('findInconsistencies does not flag', () => {
  it('different things of the same kind and unit', () => {
    expect(
      check(
        'The NAV was $10.42 per unit at the end of September.',
        earlier('The distribution was $0.1450 per unit at the end of September.'),
      ),
    ).toEqual([]);
    expect(
      check(
        'Occupancy of the logistics park is 94%.',
        earlier('The loan-to-value of the logistics park is 42%.'),
      ),
    ).toEqual([]);
    expect(
      check('The fund owns 12 properties in Germany.', earlier('The fund owns 14 buildings in Germany.')),
    ).toEqual([]);
    expect(
      check(
        'The Q3 distribution of $0.1450 per unit was paid on 15 October 2025 to unitholders of record on 30 September 2025.',
        earlier('The Q3 distribution of $0.1450 per unit was paid on 15 October 2025.'),
      ),
    ).toEqual([]);
  });

  it('figures of two classes or series named on both sides, but a class named on one side only is compared', () => {
    const sent = earlier('Class A Interests bear a 1.5% management fee and a 20% incentive allocation.');
    expect(
      terms('Class B Interests bear a 1.0% management fee and a 15% incentive allocation.', sent),
    ).toEqual([]);
    expect(
      terms(
        'The Q3 2025 distribution for the Unlevered Series is $0.4100 per Unit.',
        earlier('The Q3 2025 distribution for the Levered Series is $0.5200 per Unit.'),
      ),
    ).toEqual([]);
    expect(terms('Interests bear a 1.0% management fee and a 15% incentive allocation.', sent)).toEqual([
      ['1.0%', '1.5%'],
      ['15%', '20%'],
    ]);
  });

  it('the same figure written differently', () => {
    const same: [string, string][] = [
      ['$1.42bn', '$1.42 billion'],
      ['0.85%', '0.85 per cent'],
      ['$0.145', '$0.1450'],
      ['USD 2,500,000', '$2.5m'],
      ['15 October 2025', 'October 15, 2025'],
    ];
    for (const [now, then] of same) {
      expect(
        check(
          `Total commitments to the fund were ${now} at the Q3 close.`,
          earlier(`Total commitments to the fund were ${then} at the Q3 close.`),
        ),
        `${now} / ${then}`,
      ).toEqual([]);
    }
  });

  it('a different period that is labelled as such', () => {
    expect(
      check(
        'The Q3 distribution was $0.1550 per unit.',
        earlier('The Q2 distribution was $0.1450 per unit.'),
      ),
    ).toEqual([]);
    expect(
      check(
        'As of 30 September 2025 the NAV was $10.61 per unit.',
        earlier('As of 30 June 2025 the NAV was $10.42 per unit.'),
      ),
    ).toEqual([]);
    expect(
      check(
        'In 2025 the fund returned 7.3% net of fees.',
        earlier('In 2024 the fund returned 6.1% net of fees.'),
      ),
    ).toEqual([]);
    expect(
      check(
        'The September distribution was $0.05 per unit.',
        earlier('The August distribution was $0.04 per unit.'),
      ),
    ).toEqual([]);
  });

  it('a period said relatively, which means another one in each reply', () => {
    expect(
      check(
        'Last quarter the distribution was $0.1550 per unit.',
        earlier('Last quarter the distribution was $0.1450 per unit.'),
      ),
    ).toEqual([]);
  });

  it("the investor's own position, and figures the investor wrote", () => {
    expect(
      check(
        'Your holding of 2,000 units received a distribution of $290.',
        earlier('Your holding of 5,000 units received a distribution of $725.'),
      ),
    ).toEqual([]);
    const question = 'Is the hurdle rate 9% as the broker said?';
    expect(
      findInconsistencies({
        text: reply('The hurdle rate is 9% per annum, not 8% as some believe.'),
        question,
        earlier: [earlier('The hurdle rate is 8% per annum.')],
      }).map((f) => f.term),
    ).toEqual([]);
  });

  it('what the greeting, the signature and the disclaimer hold', () => {
    const draft =
      'Dear Anna,\n\nThe fund has no leverage.\n\nKind regards,\nSam Patel, +44 20 7946 1111\n\nPast performance: 5% of nothing.';
    expect(findInconsistencies({ text: draft, earlier: [earlier('The fund has no leverage.')] })).toEqual([]);
  });

  it('a commitment kept, or one about another thing', () => {
    const promised = earlier(
      'We will publish the audited financial statements for the fund by the end of April.',
    );
    expect(
      check('We will publish the audited financial statements for the fund by the end of April.', promised),
    ).toEqual([]);
    expect(check('We may hold the annual meeting of investors in Lisbon this year.', promised)).toEqual([]);
  });

  it('anything when no earlier reply is given', () => {
    expect(check('The Q3 distribution is $0.1550 per unit.')).toEqual([]);
  });
});
