import { describe, expect, it } from 'vitest';
import { stripQuotedHistory } from './quoted-history';

const text = (...lines: string[]) => lines.join('\n');

describe('cutting the quoted history from a reply', () => {
  it("cuts an 'On … wrote:' line and the quote under it", () => {
    expect(
      stripQuotedHistory(
        text(
          'Thanks, that helps.',
          '',
          'Jane',
          '',
          'On Mon, 30 Nov 2026 at 16:02, Harbor IR <ir@harbor.example> wrote:',
          '> Dear Jane,',
          '>',
          '> The distribution was paid on 15 November.',
          '',
        ),
      ),
    ).toBe(text('Thanks, that helps.', '', 'Jane'));
  });

  it('cuts an attribution Gmail wrapped onto two lines', () => {
    expect(
      stripQuotedHistory(
        text(
          'Understood.',
          '',
          'On Mon, 30 Nov 2026 at 16:02, Harbor Investor Relations <',
          'ir@harbor.example> wrote:',
          '> Dear Jane,',
        ),
      ),
    ).toBe('Understood.');
  });

  it("cuts Outlook's '-----Original Message-----' and everything after it", () => {
    expect(
      stripQuotedHistory(
        text(
          'See my answer above.',
          '',
          '-----Original Message-----',
          'From: Harbor IR',
          'Sent: Monday, November 30, 2026 4:02 PM',
          'Dear Jane, …',
        ),
      ),
    ).toBe('See my answer above.');
  });

  it("cuts Outlook's From/Sent header block with the rule above it", () => {
    expect(
      stripQuotedHistory(
        text(
          'When will the K-1 be ready?',
          '',
          '________________________________',
          'From: Harbor IR <ir@harbor.example>',
          'Sent: Monday, November 30, 2026 4:02 PM',
          'To: Jane Investor',
          'Subject: Re: Q3',
          '',
          'Dear Jane,',
        ),
      ),
    ).toBe('When will the K-1 be ready?');
    expect(stripQuotedHistory(text('Yes.', '*From:* Harbor IR', '*Sent:* Monday 4:02 PM', 'Dear Jane'))).toBe(
      'Yes.',
    );
  });

  it('keeps a reply written between the quoted lines whole', () => {
    const interleaved = text(
      'On Mon, 30 Nov 2026, Harbor IR <ir@harbor.example> wrote:',
      '> Is the address on file still correct?',
      'Yes, it is.',
      '> And the bank account?',
      'That changed: see the attached form.',
    );
    expect(stripQuotedHistory(interleaved)).toBe(interleaved);
    const below = text(
      'Hello,',
      'On Mon, 30 Nov 2026, Harbor IR <ir@harbor.example> wrote:',
      '> Question?',
      '',
      'My answer, written below the quote.',
    );
    expect(stripQuotedHistory(below)).toBe(below);
  });

  it('keeps the text when cutting would leave nothing', () => {
    const onlyQuote = text('On Mon, 30 Nov 2026, Ann <ann@x.example> wrote:', '> Forwarded without a word');
    expect(stripQuotedHistory(onlyQuote)).toBe(onlyQuote);
    const onlyOutlook = text('-----Original Message-----', 'From: Ann', 'Sent: today', 'Hello');
    expect(stripQuotedHistory(onlyOutlook)).toBe(onlyOutlook);
  });

  it('leaves text alone that only looks a little like history', () => {
    for (const untouched of [
      text('On reflection, I would like to redeem.', 'Thanks'),
      text('From: the tax office, a letter came.', 'It says the K-1 is late.'),
      text('> 5% return was promised', 'in the brochure, was it not?'),
      text('He wrote: "see you".'),
      text('On Monday you wrote:', 'that the fee is 1.5%. Is that right?'),
    ]) {
      expect(stripQuotedHistory(untouched), untouched).toBe(untouched);
    }
  });
});
