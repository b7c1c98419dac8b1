import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INBOUND_DOMAIN, inboundFixture } from '../../../test/inbound-fixtures';
import { normaliseMessageId, parseEmail } from './parse-email';

const TO = `ir+acme@${INBOUND_DOMAIN}`;
const fixture = (name: string, values: Record<string, string> = {}) =>
  parseEmail(inboundFixture(name, { TO, ...values }));

describe('reading an e-mail', () => {
  it('reads ids, sender, recipients and subject of a plain mail, and cuts its quoted history', async () => {
    const mail = await fixture('plain.eml');
    expect(mail).toMatchObject({
      rfcMessageId: '<plain-1@mail.example.com>',
      answeredIds: [],
      fromName: 'Jane Investor',
      fromAddress: 'jane.investor@example.com',
      recipients: [TO],
      subject: 'Q3 distribution timing',
      attachments: [],
    });
    expect(mail.text).toBe(
      'Hello,\n\nWhen will the Q3 distribution be paid? I am very pleased with how the fund is doing.\n\nBest regards,\nJane',
    );
    expect(mail.headers.get('x-auto-response-suppress')).toEqual(['All']);
  });

  it('turns an HTML-only mail into text and keeps no HTML', async () => {
    const mail = await fixture('html-only.eml');
    expect(mail.text).toContain('Could you send the capital call notice again?');
    expect(mail.text).toContain('Thanks,\nTom');
    expect(mail.text).not.toMatch(/<[a-z]|<\/|alert|color: red/i);
    expect(mail.fromName).toBe('Tom Baker');
  });

  it('decodes quoted-printable and base64 bodies and encoded words', async () => {
    const qp = await fixture('quoted-printable.eml');
    expect(qp.subject).toBe('NAV of €12.5m');
    expect(qp.text).toBe(
      'The NAV of €12.5m in the letter looks lower than the one in the quarterly report. Could we discuss it over a café?',
    );
    const b64 = await fixture('base64.eml');
    expect(b64.subject).toBe('Ausschüttung');
    expect(b64.fromName).toBe('Иван Петров');
    expect(b64.text).toBe('Wann kommt die Ausschüttung? Привет из Москвы.');
  });

  it('decodes ISO-8859-1, windows-1252 and Shift_JIS', async () => {
    const latin1 = await fixture('latin1.eml');
    expect(latin1).toMatchObject({
      fromName: 'Jürgen Müller',
      subject: 'Ausschüttung für Q3',
      text: 'Grüße aus München. Wann wird die Ausschüttung gezahlt?',
    });
    const cp1252 = await fixture('windows-1252.eml');
    expect(cp1252.text).toBe('The “management fee” of €40,000 – is it final? Merci, Clément.');
    const sjis = await fixture('shift-jis.eml');
    expect(sjis).toMatchObject({
      fromName: '山田 太郎',
      subject: '第3四半期の分配金',
      text: '第3四半期の分配金はいつ支払われますか？\n山田太郎',
    });
  });

  it('reads the ids a reply answers, nearest first, and cuts Outlook’s quoted history', async () => {
    const mail = await fixture('reply.eml', {
      FROM: 'jane@example.com',
      MESSAGE_ID: '<reply-1@mail.example.com>',
      IN_REPLY_TO: '<sent-1@parley.test>',
    });
    expect(mail.answeredIds).toEqual(['<sent-1@parley.test>', '<first-question@mail.example.com>']);
    expect(mail.text).toBe(
      'Thank you, that answers it. One more question: when will the K-1 be ready?\n\nJane',
    );
  });

  it('keeps attachments’ bytes and cleaned names', async () => {
    const mail = await fixture('attachments.eml');
    expect(mail.text).toBe('Please find the signed subscription documents attached.');
    expect(mail.attachments.map((a) => a.fileName)).toEqual([
      'subscription.pdf',
      'side-letter.docx',
      'statement.html',
      'chart.png',
    ]);
    expect(mail.attachments[0]?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('gives a mail without a Message-ID one made from its bytes', async () => {
    const raw = Buffer.from('From: a@example.com\r\nTo: b@example.com\r\nSubject:\r\n\r\nHi\r\n');
    const mail = await parseEmail(raw);
    const sha = createHash('sha256').update(raw).digest('hex');
    expect(mail.rfcMessageId).toBe(`<${sha}@parley.invalid>`);
    expect(mail.subject).toBe('(no subject)');
    expect(mail.fromName).toBe('a@example.com');
  });

  it('reads recipients from Delivered-To and X-Original-To first, then To and Cc', async () => {
    const raw = Buffer.from(
      [
        'From: Ann <ann@example.com>',
        'To: Other <ir+other@in.parley.test>',
        'Cc: someone@example.com',
        'Delivered-To: IR+Acme.Fund-One@in.parley.test',
        'X-Original-To: ir+acme@in.parley.test',
        'Subject: Hi',
        '',
        'Hi',
      ].join('\r\n'),
    );
    expect((await parseEmail(raw)).recipients).toEqual([
      'ir+acme.fund-one@in.parley.test',
      'ir+acme@in.parley.test',
      'ir+other@in.parley.test',
      'someone@example.com',
    ]);
  });

  it('normalises Message-IDs, and hashes one too long to index', () => {
    expect(normaliseMessageId(' <a@b> ')).toBe('<a@b>');
    expect(normaliseMessageId('a@b')).toBe('<a@b>');
    expect(normaliseMessageId('<>')).toBeNull();
    expect(normaliseMessageId(`<${'x'.repeat(400)}@b>`)).toMatch(/^<[0-9a-f]{64}@parley\.invalid>$/);
  });
});
