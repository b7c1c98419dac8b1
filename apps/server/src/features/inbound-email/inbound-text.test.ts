import { createMessageInputSchema, isStorableText, MESSAGE_LIMITS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  composeBodyText,
  NO_TEXT,
  TEXT_CUT_NOTE,
  toOneLine,
  toStorableText,
  toSubject,
} from './inbound-text';

describe('an e-mail’s words as a message stores them', () => {
  it('makes one line of a name or subject, as Compose requires', () => {
    expect(toOneLine('  Jane\r\n\tInvestor\u0000 ', 200)).toBe('Jane Investor');
    expect(toOneLine('a\u2028b\u2029c', 200)).toBe('a b c');
    expect(toSubject('Re:\r\n Q3\tdistribution')).toBe('Re: Q3 distribution');
    expect(toSubject('   ')).toBe('(no subject)');
    expect(toSubject(undefined)).toBe('(no subject)');
    const long = toSubject(`${'x'.repeat(299)}😀 more`);
    expect(long.length).toBeLessThanOrEqual(MESSAGE_LIMITS.subject);
    expect(isStorableText(long)).toBe(true);
  });

  it('gives name, subject and body that Compose’s own schema accepts', () => {
    const parsed = createMessageInputSchema.safeParse({
      investor_name: toOneLine(`Ann\n${'B'.repeat(400)}`, MESSAGE_LIMITS.investorName),
      investor_email: 'ann@example.com',
      project_id: '00000000-0000-4000-8000-000000000000',
      subject: toSubject(`Subject\u0007 with a bell${'!'.repeat(400)}`),
      body_text: composeBodyText('x'.repeat(30_000)),
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('keeps line ends and tabs in the body and drops what a text column refuses', () => {
    expect(toStorableText('a\r\nb\rc\td\u0000e\u0007f\uD800g')).toBe('a\nb\nc\tdefg');
  });

  it('caps the body with a note, keeping the notes after it', () => {
    const body = composeBodyText('y'.repeat(MESSAGE_LIMITS.bodyText + 5), ['[Attachments left out: a.zip]']);
    expect(body.length).toBeLessThanOrEqual(MESSAGE_LIMITS.bodyText);
    expect(body).toContain(TEXT_CUT_NOTE);
    expect(body.endsWith('[Attachments left out: a.zip]')).toBe(true);
    expect(composeBodyText('short', ['note'])).toBe('short\n\nnote');
    expect(composeBodyText('y'.repeat(MESSAGE_LIMITS.bodyText))).toHaveLength(MESSAGE_LIMITS.bodyText);
  });

  it('says so when a mail has no words', () => {
    expect(composeBodyText('  \n ')).toBe(NO_TEXT);
    expect(composeBodyText('', ['[Attachments left out: a.zip]'])).toBe('[Attachments left out: a.zip]');
  });
});
