import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { holdJobLock } from '../../test/job-lock';
import { startSmtpSink } from '../../test/smtp-sink';
import { createTestContext } from '../../test/test-app';
import { emailEvents, emailOutbox } from '../db/schema';
import { deliverEmail, EMAIL_DELIVERY_LEASE_MS, queueEmail } from '../features/email/email.service';
import { generateToken } from '../lib/crypto';
import { OUTBOX_RETRY_LOCK_KEY, retryOutbox } from './outbox-retry';
import { withJobLock } from './runner';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
// A database of its own on PostgreSQL too: the job picks up every due row, other files' included.
const ctx = await createTestContext({}, { mailer: smtp.mailer, emptyDatabase: true });

const MINUTE = 60_000;

function address() {
  return `investor.${generateToken()
    .slice(0, 10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@example.com`;
}

/** Queues a reply as the approval flow does; `deliver: false` stops where a crash after commit would. */
async function queueReply(to: string, options: { deliver?: boolean } = {}) {
  const { outboxId } = await ctx.db.transaction((tx) =>
    queueEmail(tx, ctx.emailDeps, {
      orgId: null,
      to,
      template: 'investor_reply',
      category: 'transactional',
      content: { subject: 'Re: your question', title: 'Our answer', paragraphs: ['The fund closed in May.'] },
    }),
  );
  const delivered = options.deliver === false ? null : await deliverEmail(ctx.emailDeps, outboxId);
  return { outboxId, delivered };
}

async function outboxRow(id: string) {
  const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

async function eventsOf(id: string) {
  const rows = await ctx.db
    .select({ actionType: emailEvents.actionType, details: emailEvents.details })
    .from(emailEvents)
    .where(eq(emailEvents.outboxId, id))
    .orderBy(emailEvents.createdAt);
  return rows;
}

function mailsTo(to: string) {
  return smtp.received.filter((m) => m.to.includes(to)).length;
}

const run = () => retryOutbox(ctx.emailDeps);

describe('the outbox retry job', () => {
  it('retries a reply whose delivery failed, a minute later, and it arrives', async () => {
    const to = address();
    smtp.failNext();
    const { outboxId, delivered } = await queueReply(to);
    expect(delivered).toBe(false);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'failed', attempts: 1 });

    ctx.clock.advance(MINUTE - 1000);
    expect(await run()).toMatchObject({ locked: true, claimed: 0 });
    ctx.clock.advance(1000);
    expect(await run()).toMatchObject({ claimed: 1, delivered: 1, failed: 0 });

    const mail = await smtp.mailTo(to);
    expect(mail.subject).toBe('Re: your question');
    expect(await outboxRow(outboxId)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
    });
    expect((await eventsOf(outboxId)).map((e) => e.actionType)).toEqual(['email_failed', 'email_sent']);
    ctx.clock.advance(24 * 60 * MINUTE);
    expect(await run()).toMatchObject({ claimed: 0 });
    expect(mailsTo(to)).toBe(1);
  });

  it('waits 1, 5, 15 and 60 minutes between attempts, then gives the mail up', async () => {
    const to = address();
    smtp.failNext(5);
    const { outboxId } = await queueReply(to);
    for (const [index, minutes] of [1, 5, 15, 60].entries()) {
      ctx.clock.advance(minutes * MINUTE - 1000);
      expect(await run(), `attempt ${index + 2} is not due yet`).toMatchObject({ claimed: 0 });
      ctx.clock.advance(1000);
      expect(await run(), `attempt ${index + 2}`).toMatchObject({ claimed: 1, failed: 1 });
      expect(await outboxRow(outboxId)).toMatchObject({ status: 'failed', attempts: index + 2 });
    }

    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, nextAttemptAt: null });
    expect(row?.lastError).toMatch(/mailbox unavailable/);
    const events = await eventsOf(outboxId);
    expect(events.map((e) => e.actionType)).toEqual([...Array(5).fill('email_failed'), 'email_given_up']);
    expect(events[5]?.details).toMatchObject({ attempts: 5 });
    ctx.clock.advance(7 * 24 * 60 * MINUTE);
    expect(await run()).toMatchObject({ claimed: 0 });
    expect(mailsTo(to)).toBe(0);
  });

  it('sends a queued mail a crash left behind after commit, once the sender had its minute', async () => {
    const to = address();
    const { outboxId } = await queueReply(to, { deliver: false });
    ctx.clock.advance(30_000);
    expect(await run()).toMatchObject({ claimed: 0 });
    ctx.clock.advance(30_000);
    expect(await run()).toMatchObject({ claimed: 1, delivered: 1 });
    await smtp.mailTo(to);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await eventsOf(outboxId)).map((e) => e.actionType)).toEqual(['email_sent']);
  });

  it('leaves a mail alone while its sender holds the lease, and takes it over when the lease ran out', async () => {
    const to = address();
    const { outboxId } = await queueReply(to, { deliver: false });
    // The sender claimed it and then the process died mid-send.
    await ctx.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(ctx.clock.now().getTime() + EMAIL_DELIVERY_LEASE_MS) })
      .where(eq(emailOutbox.id, outboxId));
    ctx.clock.advance(EMAIL_DELIVERY_LEASE_MS - 1000);
    expect(await run()).toMatchObject({ claimed: 0 });
    // A second sender does not send a mail someone else has claimed.
    expect(await deliverEmail(ctx.emailDeps, outboxId)).toBe(false);
    ctx.clock.advance(1000);
    expect(await run()).toMatchObject({ claimed: 1, delivered: 1 });
    await smtp.mailTo(to);
    expect(mailsTo(to)).toBe(1);
  });

  it('sends each mail once when two runs (two instances) go at the same time', async () => {
    const recipients = [address(), address(), address(), address()];
    const ids: string[] = [];
    for (const to of recipients) ids.push((await queueReply(to, { deliver: false })).outboxId);
    ctx.clock.advance(2 * MINUTE);
    const runs = await Promise.all([run(), run(), retryOutbox(ctx.emailDeps, { batchSize: 2 })]);
    expect(runs.reduce((sum, r) => sum + r.delivered, 0)).toBe(4);
    for (const to of recipients) expect(mailsTo(to), to).toBe(1);
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await run()).toMatchObject({ claimed: 0 });
  });

  it.runIf(ctx.database.kind === 'postgres')(
    'skips a run while another instance holds the job lock',
    async () => {
      const to = address();
      await queueReply(to, { deliver: false });
      ctx.clock.advance(2 * MINUTE);
      const other = await holdJobLock(ctx.db, OUTBOX_RETRY_LOCK_KEY);
      expect(await run()).toMatchObject({ locked: false, claimed: 0 });
      expect(await withJobLock(ctx.db, OUTBOX_RETRY_LOCK_KEY, async () => 1)).toEqual({ locked: false });
      await other.release();
      expect(await run()).toMatchObject({ locked: true, claimed: 1, delivered: 1 });
      expect(mailsTo(to)).toBe(1);
    },
  );
});
