import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INBOUND_EMAIL_MAX_BYTES } from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertProject } from '../../../test/factories';
import { INBOUND_DOMAIN, inboundFixture } from '../../../test/inbound-fixtures';
import {
  inboundAddressOf,
  inboundRowsOf,
  insertAnsweredThread,
  messagesOf,
  newWebhookSecret,
  plainMail,
  postInboundEmail,
} from '../../../test/inbound-mail';
import { createTestContext, json, STARTS_A_DATABASE_MS, type TestContext } from '../../../test/test-app';
import { auditLogs, emailOutbox, investorMessages, messageAttachments } from '../../db/schema';
import { privateFilePath } from '../../lib/private-files';
import { REALTIME_CHANNEL } from '../../lib/realtime';

const SECRET = newWebhookSecret();
const ctx = await createTestContext({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-inbound-')),
  INBOUND_EMAIL_DOMAIN: INBOUND_DOMAIN,
  INBOUND_EMAIL_WEBHOOK_SECRET: SECRET,
});

const realtimeEvents: Record<string, unknown>[] = [];
const stopListening = await ctx.database.listen(REALTIME_CHANNEL, (payload) =>
  realtimeEvents.push(JSON.parse(payload) as Record<string, unknown>),
);
afterAll(() => stopListening());

const post = (raw: Buffer, c: TestContext = ctx) => postInboundEmail(c, raw, { secret: SECRET });

/** Posts a mail that must be accepted; the clock moves on a second, so mails keep their order. */
async function postOk(raw: Buffer) {
  const res = await post(raw);
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  ctx.clock.advance(1000);
  return body as { outcome: string; message_id: string | null; thread_id: string | null };
}

/** An organisation with a member who reads its inbox, and its inbound address. */
async function organisation(role: 'ir_associate' | 'admin' = 'ir_associate') {
  const member = await ctx.signInAs(role);
  return { member, orgId: member.orgId, address: await inboundAddressOf(ctx, member.orgId) };
}

const inboundRows = (orgId: string) => inboundRowsOf(ctx, orgId);
const messagesOfOrg = (orgId: string) => messagesOf(ctx, orgId);

const receivedEntries = (orgId: string) =>
  ctx.db
    .select({
      actor: auditLogs.actorId,
      entityType: auditLogs.entityType,
      entityId: auditLogs.entityId,
      details: auditLogs.details,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'inbound_email_received')))
    .orderBy(asc(auditLogs.seq));

async function countsOf(cookie: string) {
  const res = await ctx.request('GET', '/api/messages/counts', { cookie });
  expect(res.status).toBe(200);
  return (await json(res)).counts;
}

/** The realtime events of a message, waiting briefly: PostgreSQL delivers them after the commit. */
async function realtimeEventOf(messageId: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const event = realtimeEvents.find((e) => e.type === 'message.created' && e.messageId === messageId);
    if (event || Date.now() > deadline) return event;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an investor’s e-mail posted to the webhook', () => {
  it('starts a thread in the organisation its address names, from an unknown sender, in its only fund', async () => {
    const { member, orgId, address } = await organisation();
    const projectId = await insertProject(ctx.db, { orgId });
    const raw = inboundFixture('plain.eml', { TO: address });

    const answer = await postOk(raw);
    expect(answer).toEqual({
      outcome: 'new_thread',
      message_id: expect.any(String),
      thread_id: answer.message_id,
    });
    const messageId = answer.message_id as string;

    const shown = await json(
      await ctx.request('GET', `/api/messages/${messageId}`, { cookie: member.cookie }),
    );
    expect(shown).toMatchObject({
      id: messageId,
      thread_id: messageId,
      project_id: projectId,
      investor_name: 'Jane Investor',
      investor_email: 'jane.investor@example.com',
      subject: 'Q3 distribution timing',
      body_text:
        'Hello,\n\nWhen will the Q3 distribution be paid? I am very pleased with how the fund is doing.\n\nBest regards,\nJane',
      status: 'open',
      source: 'email',
      sender_unknown: true,
      owner: null,
    });
    expect(shown.topics).toContain('Distributions');
    expect(shown.sentiment_score).toBeGreaterThan(0.5);
    expect(await countsOf(member.cookie)).toEqual({ all: 1, open: 1, awaiting_approval: 0, resolved: 0 });

    const [row, ...more] = await inboundRows(orgId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      via: 'webhook',
      rfcMessageId: '<plain-1@mail.example.com>',
      fromAddress: 'jane.investor@example.com',
      envelopeFrom: null,
      subject: 'Q3 distribution timing',
      outcome: 'new_thread',
      messageId,
      sizeBytes: raw.byteLength,
      sha256: createHash('sha256').update(raw).digest('hex'),
    });
    expect(row?.raw?.equals(raw)).toBe(true);

    const [message] = await messagesOfOrg(orgId);
    expect(message).toMatchObject({ createdBy: null, threadLatest: true });
    const entries = await receivedEntries(orgId);
    expect(entries).toEqual([
      {
        actor: null,
        entityType: 'investor_message',
        entityId: messageId,
        details: {
          outcome: 'new_thread',
          via: 'webhook',
          thread_id: messageId,
          project_id: projectId,
          attachments: 0,
          sender_unknown: true,
          inbound_email_id: row?.id,
        },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain('distribution');
    expect(await realtimeEventOf(messageId)).toEqual({
      type: 'message.created',
      orgId,
      messageId,
      threadId: messageId,
    });
  });

  it('stores a second delivery of the same e-mail nowhere and answers it as a duplicate', async () => {
    const { member, orgId, address } = await organisation();
    const raw = inboundFixture('plain.eml', { TO: address });
    const first = await postOk(raw);
    const again = await postOk(raw);
    expect(again).toEqual({ outcome: 'duplicate', message_id: first.message_id, thread_id: first.thread_id });
    expect(await inboundRows(orgId)).toHaveLength(1);
    expect(await messagesOfOrg(orgId)).toHaveLength(1);
    expect(await receivedEntries(orgId)).toHaveLength(1);
    expect((await countsOf(member.cookie)).all).toBe(1);
  });

  it('joins the thread of the reply it answers: one card, the newest message, counted once', async () => {
    const { member, orgId, address } = await organisation();
    const projectId = await insertProject(ctx.db, { orgId });
    await insertProject(ctx.db, { orgId });
    const email = `jane.${randomUUID().slice(0, 8)}@example.com`;
    const thread = await insertAnsweredThread(ctx, { orgId, email, projectId });
    expect(await countsOf(member.cookie)).toEqual({ all: 1, open: 0, awaiting_approval: 0, resolved: 1 });

    const answer = await postOk(
      inboundFixture('reply.eml', {
        TO: address,
        FROM: email,
        MESSAGE_ID: '<reply-1@mail.example.com>',
        IN_REPLY_TO: thread.sentMessageId,
      }),
    );
    expect(answer).toEqual({
      outcome: 'threaded',
      message_id: expect.any(String),
      thread_id: thread.messageId,
    });
    expect(await countsOf(member.cookie)).toEqual({ all: 1, open: 1, awaiting_approval: 0, resolved: 0 });

    // An answer to the investor's own mail (its Message-ID is an inbound_emails row) joins it too.
    const again = await postOk(
      plainMail({
        from: email,
        to: address,
        messageId: '<reply-2@mail.example.com>',
        headers: ['In-Reply-To: <reply-1@mail.example.com>'],
      }),
    );
    expect(again).toMatchObject({ outcome: 'threaded', thread_id: thread.messageId });

    const messages = await messagesOfOrg(orgId);
    expect(messages.map((m) => [m.id, m.threadId, m.threadLatest, m.status, m.projectId])).toEqual([
      [thread.messageId, thread.messageId, false, 'resolved', projectId],
      [answer.message_id, thread.messageId, false, 'open', projectId],
      [again.message_id, thread.messageId, true, 'open', projectId],
    ]);
    expect(messages[1]).toMatchObject({
      senderUnknown: false,
      bodyText: 'Thank you, that answers it. One more question: when will the K-1 be ready?\n\nJane',
    });
    expect(await countsOf(member.cookie)).toEqual({ all: 1, open: 1, awaiting_approval: 0, resolved: 0 });
    const list = await json(await ctx.request('GET', '/api/messages', { cookie: member.cookie }));
    expect(list.items.map((m: { id: string }) => m.id)).toEqual([again.message_id]);
    expect(await realtimeEventOf(again.message_id as string)).toMatchObject({ threadId: thread.messageId });
    expect((await receivedEntries(orgId)).map((e) => e.details.outcome)).toEqual(['threaded', 'threaded']);
  });

  it('lines up mails that join one thread at once, and stores one of two identical deliveries', async () => {
    const { member, orgId, address } = await organisation();
    const email = `jane.${randomUUID().slice(0, 8)}@example.com`;
    const thread = await insertAnsweredThread(ctx, { orgId, email });
    const replies = await Promise.all(
      [1, 2, 3].map((i) =>
        post(
          inboundFixture('reply.eml', {
            TO: address,
            FROM: email,
            MESSAGE_ID: `<race-${i}@mail.example.com>`,
            IN_REPLY_TO: thread.sentMessageId,
          }),
        ),
      ),
    );
    for (const res of replies) expect((await json(res)).outcome).toBe('threaded');
    const messages = await messagesOfOrg(orgId);
    expect(messages).toHaveLength(4);
    expect(messages.every((m) => m.threadId === thread.messageId)).toBe(true);
    expect(messages.filter((m) => m.threadLatest)).toHaveLength(1);
    expect(await countsOf(member.cookie)).toEqual({ all: 1, open: 1, awaiting_approval: 0, resolved: 0 });

    const raw = plainMail({ from: 'ann@example.com', to: address, messageId: '<twice-at-once@x.example>' });
    const both = await Promise.all([post(raw), post(raw)]);
    const outcomes = await Promise.all(both.map(async (res) => (await json(res)).outcome as string));
    expect(outcomes.sort()).toEqual(['duplicate', 'new_thread']);
    expect(await messagesOfOrg(orgId)).toHaveLength(5);
  });

  it('matches threads by Message-ID only, never by subject, and only in the organisation', async () => {
    const { orgId, address } = await organisation();
    const other = await organisation();
    const email = `jane.${randomUUID().slice(0, 8)}@example.com`;
    const elsewhere = await insertAnsweredThread(ctx, { orgId: other.orgId, email });
    const answer = await postOk(
      inboundFixture('reply.eml', {
        TO: address,
        FROM: email,
        MESSAGE_ID: `<${randomUUID()}@mail.example.com>`,
        IN_REPLY_TO: elsewhere.sentMessageId,
      }),
    );
    expect(answer.outcome).toBe('new_thread');
    const [message] = await messagesOfOrg(orgId);
    expect(message?.threadId).toBe(message?.id);
  });

  it('tells the owner of the thread, in-app and by e-mail unless their Investor Replies setting is off', async () => {
    const { member: owner, orgId, address } = await organisation();
    const email = `jane.${randomUUID().slice(0, 8)}@example.com`;
    const thread = await insertAnsweredThread(ctx, { orgId, email, ownerId: owner.userId });
    const reply = (messageId: string) =>
      postOk(
        inboundFixture('reply.eml', {
          TO: address,
          FROM: email,
          MESSAGE_ID: messageId,
          IN_REPLY_TO: thread.sentMessageId,
        }),
      );
    const mailsToOwner = () =>
      ctx.db
        .select({ template: emailOutbox.template, subject: emailOutbox.subject, text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(eq(emailOutbox.toEmail, owner.email.toLowerCase()));

    const first = await reply('<owner-1@mail.example.com>');
    const notices = await json(await ctx.request('GET', '/api/notifications', { cookie: owner.cookie }));
    expect(notices.items).toEqual([
      expect.objectContaining({
        kind: 'investor_replied',
        message_id: first.message_id,
        title: 'Jane Investor wrote again: RE: Q3 distribution',
      }),
    ]);
    const [mail, ...moreMail] = await mailsToOwner();
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({
      template: 'investor_replied',
      subject: 'Jane Investor wrote again: RE: Q3 distribution',
    });
    expect(mail?.text).toContain(`/inbox/${thread.messageId}`);

    const off = await ctx.request('PATCH', '/api/settings', {
      cookie: owner.cookie,
      body: { notifications: { investor_replies: false } },
    });
    expect(off.status).toBe(200);
    // The message that joined is the thread's head now and keeps its owner: the next one is told too.
    const second = await reply('<owner-2@mail.example.com>');
    const [latest] = (await json(await ctx.request('GET', '/api/notifications', { cookie: owner.cookie })))
      .items;
    expect(latest).toMatchObject({ kind: 'investor_replied', message_id: second.message_id });
    expect(await mailsToOwner()).toHaveLength(1);
  });

  it('keeps auto-replies and bounces as rows that start no thread', async () => {
    const { member, orgId, address } = await organisation();
    const email = `jane.${randomUUID().slice(0, 8)}@example.com`;
    const thread = await insertAnsweredThread(ctx, { orgId, email });
    const auto = await postOk(
      inboundFixture('auto-reply.eml', { TO: address, FROM: email, IN_REPLY_TO: thread.sentMessageId }),
    );
    expect(auto).toEqual({ outcome: 'auto_reply', message_id: null, thread_id: null });
    const bounce = await postOk(inboundFixture('bounce.eml', { TO: address }));
    expect(bounce).toEqual({ outcome: 'bounce', message_id: null, thread_id: null });
    // A delivery of either again is a duplicate like any other.
    expect((await postOk(inboundFixture('bounce.eml', { TO: address }))).outcome).toBe('duplicate');

    expect(await messagesOfOrg(orgId)).toHaveLength(1);
    expect(await countsOf(member.cookie)).toEqual({ all: 1, open: 0, awaiting_approval: 0, resolved: 1 });
    const rows = await inboundRows(orgId);
    expect(rows.map((r) => [r.outcome, r.messageId, r.fromAddress])).toEqual([
      ['auto_reply', null, email],
      ['bounce', null, 'mailer-daemon@mx.example.com'],
    ]);
    const entries = await receivedEntries(orgId);
    expect(entries).toEqual(
      rows.map((r) => ({
        actor: null,
        entityType: 'inbound_email',
        entityId: r.id,
        details: { outcome: r.outcome, via: 'webhook' },
      })),
    );
  });

  it('stores attachments privately, typed by their bytes, never as HTML', async () => {
    const { orgId, address } = await organisation();
    const answer = await postOk(inboundFixture('attachments.eml', { TO: address }));
    const rows = await ctx.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, answer.message_id as string))
      .orderBy(asc(messageAttachments.fileName));
    expect(rows.map((r) => [r.fileName, r.contentType])).toEqual([
      ['chart.png', 'image/png'],
      ['side-letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['statement.html', 'application/octet-stream'],
      ['subscription.pdf', 'application/pdf'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ orgId, storageKey: `${orgId}/${row.id}`, documentId: null });
      const file = privateFilePath(ctx.config.attachmentsDir, row.storageKey);
      const bytes = readFileSync(file);
      expect(bytes.byteLength).toBe(row.sizeBytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(
      readFileSync(privateFilePath(ctx.config.attachmentsDir, rows[3]?.storageKey ?? ''))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [entry] = await receivedEntries(orgId);
    expect(entry?.details).toMatchObject({ attachments: 4 });
  });

  it('chooses a new thread’s fund: the address’s, else the investor’s latest, else the only active one, else none', async () => {
    const { orgId, address } = await organisation();
    const growth = await insertProject(ctx.db, { orgId, name: 'Harbor Growth Fund II' });
    const income = await insertProject(ctx.db, { orgId, name: 'Coastal Income' });
    const known = `known.${randomUUID().slice(0, 8)}@example.com`;

    const named = await postOk(
      plainMail({
        from: 'Stranger <stranger@example.com>',
        to: await inboundAddressOf(ctx, orgId, 'Harbor Growth Fund II'),
        messageId: '<fund-1@mail.example.com>',
      }),
    );
    await ctx.db.insert(investorMessages).values({
      orgId,
      projectId: income,
      investorName: 'Known',
      investorEmail: known,
      subject: 'Q',
      bodyText: 'Q?',
      createdAt: ctx.clock.now(),
    });
    const latest = await postOk(
      plainMail({ from: known.toUpperCase(), to: address, messageId: '<fund-2@mail.example.com>' }),
    );
    const none = await postOk(
      plainMail({ from: 'other@example.com', to: address, messageId: '<fund-3@mail.example.com>' }),
    );
    const fundOf = async (id: string | null) => {
      const message = (await messagesOfOrg(orgId)).find((m) => m.id === id);
      if (!message) throw new Error(`no message ${id}`);
      return message.projectId;
    };
    expect(await fundOf(named.message_id)).toBe(growth);
    expect(await fundOf(latest.message_id)).toBe(income);
    expect(await fundOf(none.message_id)).toBeNull();
    const unknown = (await messagesOfOrg(orgId))
      .filter((m) => m.source === 'email')
      .map((m) => m.senderUnknown);
    expect(unknown).toEqual([true, false, true]);
  });

  it('reads every encoding and charset as the investor wrote it, signed over the raw bytes', async () => {
    const { orgId, address } = await organisation();
    const cases = [
      [
        'html-only.eml',
        'Capital call notice',
        'Could you send the capital call notice again?\n\nThanks,\nTom',
      ],
      ['quoted-printable.eml', 'NAV of €12.5m', 'The NAV of €12.5m in the letter'],
      ['base64.eml', 'Ausschüttung', 'Wann kommt die Ausschüttung? Привет из Москвы.'],
      ['latin1.eml', 'Ausschüttung für Q3', 'Grüße aus München. Wann wird die Ausschüttung gezahlt?'],
      ['windows-1252.eml', 'Fees', 'The “management fee” of €40,000 – is it final? Merci, Clément.'],
      ['shift-jis.eml', '第3四半期の分配金', '第3四半期の分配金はいつ支払われますか？\n山田太郎'],
    ] as const;
    for (const [name, subject, text] of cases) {
      const answer = await postOk(inboundFixture(name, { TO: address }));
      const message = (await messagesOfOrg(orgId)).find((m) => m.id === answer.message_id);
      expect(message?.subject, name).toBe(subject);
      expect(message?.bodyText.startsWith(text), `${name}: ${message?.bodyText}`).toBe(true);
      expect(message?.bodyText, name).not.toMatch(/<\/?[a-z]/i);
    }
  });

  it('accepts the raw mail in any content type', async () => {
    const { address } = await organisation();
    for (const [i, contentType] of ['text/plain', 'application/octet-stream', 'message/rfc822'].entries()) {
      const res = await postInboundEmail(
        ctx,
        plainMail({ from: 'ann@example.com', to: address, messageId: `<type-${i}@mail.example.com>` }),
        { secret: SECRET, contentType },
      );
      expect(res.status, contentType).toBe(200);
    }
  });
});

describe('what the webhook refuses', () => {
  it('refuses an e-mail for no organisation’s address with 422, storing nothing', async () => {
    const { orgId } = await organisation();
    for (const to of [
      `ir+no-such-org@${INBOUND_DOMAIN}`,
      'ir+acme@elsewhere.example',
      'someone@example.com',
    ]) {
      const res = await post(
        plainMail({ from: 'ann@example.com', to, messageId: `<${randomUUID()}@x.example>` }),
      );
      expect(res.status, to).toBe(422);
      expect((await json(res)).error.code).toBe('INBOUND_RECIPIENT_UNKNOWN');
    }
    expect(await inboundRows(orgId)).toEqual([]);
  });

  it('refuses an unsigned, wrongly signed or stale delivery as the delivery webhook does', async () => {
    const { orgId, address } = await organisation();
    const raw = plainMail({ from: 'ann@example.com', to: address, messageId: '<signed@x.example>' });
    const unsigned = await postInboundEmail(ctx, raw, {
      secret: SECRET,
      headers: { 'webhook-signature': '' },
    });
    expect(unsigned.status).toBe(400);
    expect((await json(unsigned)).error.code).toBe('WEBHOOK_HEADERS_INVALID');
    const foreign = await postInboundEmail(ctx, raw, { secret: newWebhookSecret() });
    expect(foreign.status).toBe(401);
    expect((await json(foreign)).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = await postInboundEmail(ctx, raw, {
      secret: SECRET,
      timestamp: Math.floor(ctx.clock.now().getTime() / 1000) - 600,
    });
    expect((await json(stale)).error.code).toBe('WEBHOOK_TIMESTAMP_OUT_OF_RANGE');
    // The signature covers the bytes: one byte added after signing is refused.
    const tampered = await postInboundEmail(ctx, raw, {
      secret: SECRET,
      body: Buffer.concat([raw, Buffer.from('x')]),
    });
    expect(tampered.status).toBe(401);
    expect(await inboundRows(orgId)).toEqual([]);
  });

  it('refuses a mail over the size limit with 413', async () => {
    const { address } = await organisation();
    const head = plainMail({ from: 'ann@example.com', to: address, messageId: '<big@x.example>' });
    const big = Buffer.concat([head, Buffer.alloc(INBOUND_EMAIL_MAX_BYTES - head.byteLength + 1, 'a')]);
    const res = await post(big);
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it(
    'answers 503 when no inbound domain or webhook secret is configured',
    async () => {
      const unconfigured = await createTestContext();
      const res = await postInboundEmail(
        unconfigured,
        plainMail({ from: 'a@x.example', to: 'b@y.example', messageId: '<u@x>' }),
        {
          secret: SECRET,
        },
      );
      expect(res.status).toBe(503);
      expect((await json(res)).error.code).toBe('INBOUND_EMAIL_NOT_CONFIGURED');
    },
    STARTS_A_DATABASE_MS,
  );
});

describe('GET /api/email/inbound', () => {
  it('is for admins', async () => {
    await ctx.expectGuarded('GET', '/api/email/inbound', 'admin.manage');
  });

  it('gives the organisation’s address, how mail comes in, and the newest mails first', async () => {
    const { member: admin, orgId, address } = await organisation('admin');
    await postOk(
      plainMail({
        from: 'Ann <Ann@Example.com>',
        to: address,
        messageId: '<s-1@x.example>',
        subject: 'First',
      }),
    );
    await postOk(inboundFixture('bounce.eml', { TO: address }));
    const res = await ctx.request('GET', '/api/email/inbound', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const status = await json(res);
    const [slug] = address.split('@')[0]?.split('+').slice(1) ?? [];
    expect(status).toMatchObject({
      address: `ir+${slug}@${INBOUND_DOMAIN}`,
      smtp_listening: false,
      webhook_configured: true,
    });
    const rows = await inboundRows(orgId);
    expect(status.recent).toEqual([
      {
        id: rows[1]?.id,
        received_at: rows[1]?.receivedAt.toISOString(),
        via: 'webhook',
        from_address: 'mailer-daemon@mx.example.com',
        subject: 'Undelivered Mail Returned to Sender',
        outcome: 'bounce',
        message_id: null,
      },
      {
        id: rows[0]?.id,
        received_at: rows[0]?.receivedAt.toISOString(),
        via: 'webhook',
        from_address: 'ann@example.com',
        subject: 'First',
        outcome: 'new_thread',
        message_id: rows[0]?.messageId,
      },
    ]);
  });
});
