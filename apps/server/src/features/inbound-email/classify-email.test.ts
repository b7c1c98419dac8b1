import { describe, expect, it } from 'vitest';
import { classifyMail, type MailSigns } from './classify-email';

function signs(headers: Record<string, string | string[]> = {}, rest: Partial<MailSigns> = {}): MailSigns {
  return {
    headers: new Map(
      Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]),
    ),
    envelopeFrom: undefined,
    fromAddress: 'jane@example.com',
    ...rest,
  };
}

describe('telling auto-replies and bounces from people’s mail', () => {
  it('takes a person’s mail as a person’s', () => {
    expect(classifyMail(signs())).toBeNull();
    expect(classifyMail(signs({ 'auto-submitted': 'no' }))).toBeNull();
    expect(classifyMail(signs({ precedence: 'first-class' }))).toBeNull();
    expect(classifyMail(signs({}, { envelopeFrom: 'jane@example.com' }))).toBeNull();
  });

  it('does not take X-Auto-Response-Suppress for an auto-reply: Outlook puts it on people’s mail', () => {
    expect(classifyMail(signs({ 'x-auto-response-suppress': 'All' }))).toBeNull();
    expect(classifyMail(signs({ 'x-auto-response-suppress': 'DR, OOF, AutoReply' }))).toBeNull();
  });

  it('recognises an auto-reply by Auto-Submitted other than no', () => {
    expect(classifyMail(signs({ 'auto-submitted': 'auto-replied' }))).toBe('auto_reply');
    expect(classifyMail(signs({ 'auto-submitted': 'auto-generated; owner-email="x@y"' }))).toBe('auto_reply');
    expect(classifyMail(signs({ 'auto-submitted': 'No' }))).toBeNull();
  });

  it('recognises an auto-reply by Precedence bulk, junk, list or auto_reply', () => {
    for (const value of ['bulk', 'junk', 'list', 'auto_reply', ' Bulk ']) {
      expect(classifyMail(signs({ precedence: value })), value).toBe('auto_reply');
    }
  });

  it('recognises an auto-reply by X-Autoreply or X-Autorespond', () => {
    expect(classifyMail(signs({ 'x-autoreply': 'yes' }))).toBe('auto_reply');
    expect(classifyMail(signs({ 'x-autorespond': 'Out of office' }))).toBe('auto_reply');
  });

  it('recognises a delivery status notification as a bounce', () => {
    expect(
      classifyMail(signs({ 'content-type': 'multipart/report; report-type=delivery-status; boundary="x"' })),
    ).toBe('bounce');
    expect(classifyMail(signs({ 'content-type': 'multipart/report; report-type="delivery-status"' }))).toBe(
      'bounce',
    );
    // A read receipt is a report too, but not a bounce.
    expect(
      classifyMail(signs({ 'content-type': 'multipart/report; report-type=disposition-notification' })),
    ).toBeNull();
  });

  it('recognises a bounce by the null envelope sender, by SMTP or as the Return-Path', () => {
    expect(classifyMail(signs({}, { envelopeFrom: '' }))).toBe('bounce');
    expect(classifyMail(signs({ 'return-path': '<>' }))).toBe('bounce');
    expect(classifyMail(signs({ 'return-path': '<jane@example.com>' }))).toBeNull();
  });

  it('recognises a bounce from MAILER-DAEMON or postmaster, and mail from nobody', () => {
    expect(classifyMail(signs({}, { fromAddress: 'mailer-daemon@mx.example.com' }))).toBe('bounce');
    expect(classifyMail(signs({}, { fromAddress: 'postmaster@example.com' }))).toBe('bounce');
    expect(classifyMail(signs({}, { fromAddress: '' }))).toBe('bounce');
    expect(classifyMail(signs({}, { fromAddress: 'postmaster.jane@example.com' }))).toBeNull();
  });

  it('calls a bounce that is also auto-submitted a bounce', () => {
    expect(
      classifyMail(
        signs({ 'auto-submitted': 'auto-replied' }, { fromAddress: 'mailer-daemon@mx.example.com' }),
      ),
    ).toBe('bounce');
  });
});
