import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext } from '../../../test/test-app';
import { emailEvents, emailOutbox } from '../../db/schema';
import { upsertEmailPreferences } from './email.queries';
import { deliverEmail, queueEmail } from './email.service';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const content = {
  subject: 'Hello <there>',
  title: 'A title',
  paragraphs: ['First & only'],
  action: { label: 'Open', url: 'http://parley.test/x?a=1&b=2' },
};

async function send(
  to: string,
  category: 'transactional' | 'weekly_reports' | 'system_alerts' = 'transactional',
) {
  const { outboxId } = await ctx.db.transaction((tx) =>
    queueEmail(tx, ctx.emailDeps, { orgId: null, to, template: 'test', category, content }),
  );
  return { outboxId, ok: await deliverEmail(ctx.emailDeps, outboxId) };
}

async function outboxRow(id: string) {
  const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

describe('sending e-mail', () => {
  it('delivers over SMTP with text and escaped HTML, and records the event', async () => {
    const { outboxId, ok } = await send('Investor@Example.com');
    expect(ok).toBe(true);
    const mail = await smtp.mailTo('investor@example.com');
    expect(mail.subject).toBe('Hello <there>');
    expect(mail.text).toContain('Open: http://parley.test/x?a=1&b=2');
    expect(mail.html).toContain('First &amp; only');
    expect(mail.header('List-Unsubscribe')).toBeUndefined();
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // The outbox keeps the message byte for byte as the server received it, with its Message-ID.
    expect(row?.rawMessage).toBe(mail.raw);
    expect(mail.header('Message-ID')).toBe(row?.messageId);
    const events = await ctx.db.select().from(emailEvents).where(eq(emailEvents.outboxId, outboxId));
    expect(events).toEqual([
      expect.objectContaining({ actionType: 'email_sent', success: true, template: 'test' }),
    ]);
  });

  it('keeps the mail and records the failure when the server refuses it', async () => {
    smtp.failNext();
    const { outboxId, ok } = await send('refused@example.com');
    expect(ok).toBe(false);
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      toEmail: 'refused@example.com',
      subject: 'Hello <there>',
    });
    expect(row?.lastError).toMatch(/mailbox unavailable/);
    const events = await ctx.db.select().from(emailEvents).where(eq(emailEvents.outboxId, outboxId));
    expect(events).toEqual([expect.objectContaining({ actionType: 'email_failed', success: false })]);
  });

  it('sends the same message, Message-ID included, when it retries a refused mail', async () => {
    smtp.failNext();
    const { outboxId } = await send('retried@example.com');
    const kept = await outboxRow(outboxId);
    expect(kept?.rawMessage).toMatch(/^Message-ID: <[\w-]+@parley\.test>\r$/m);
    expect(await deliverEmail(ctx.emailDeps, outboxId, { claimed: true })).toBe(true);
    const mail = await smtp.mailTo('retried@example.com');
    expect(mail.raw).toBe(kept?.rawMessage);
    expect(await outboxRow(outboxId)).toMatchObject({
      status: 'sent',
      attempts: 2,
      messageId: kept?.messageId,
    });
  });

  it('adds one-click unsubscribe headers to mail that is not transactional', async () => {
    await send('digest@example.com', 'weekly_reports');
    const mail = await smtp.mailTo('digest@example.com');
    expect(mail.header('List-Unsubscribe')).toMatch(
      /<http:\/\/parley\.test\/api\/email\/unsubscribe\/one-click\?email=digest%40example\.com&token=[\w-]+&list=weekly_reports>/,
    );
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('http://parley.test/email/unsubscribe?email=digest%40example.com&token=');
  });

  it('does not deliver what the recipient unsubscribed from, but keeps the record', async () => {
    await upsertEmailPreferences(ctx.db, 'optout@example.com', {
      weeklyReportsEnabled: false,
      updatedAt: new Date(),
    });
    const { outboxId } = await send('optout@example.com', 'weekly_reports');
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'suppressed', attempts: 0 });
    expect(smtp.received.some((m) => m.to.includes('optout@example.com'))).toBe(false);
    const alerts = await send('optout@example.com', 'system_alerts');
    expect(alerts.ok).toBe(true);
  });
});
