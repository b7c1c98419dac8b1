import { randomBytes, randomUUID } from 'node:crypto';
import { EMAIL_WEBHOOK_MAX_BYTES } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  type Delivery,
  deliverWebhook,
  deliveryEvent as event,
  WEBHOOK_PATH as PATH,
} from '../../../test/email-webhook';
import { uniqueEmail } from '../../../test/factories';
import {
  createTestContext,
  json,
  STARTS_A_DATABASE_MS,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app';
import { emailEvents, emailOutbox, emailWebhookReceipts } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { deliverEmail, queueEmail } from './email.service';
import { webhookStats } from './email-events.service';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const CURRENT = newSecret();
const NEXT = newSecret();
const FOREIGN = newSecret();

/** Two secrets, as during a rotation (docs/decisions/039-email-delivery-webhook.md). */
const ctx = await createTestContext({ EMAIL_WEBHOOK_SECRET: `${CURRENT} ${NEXT}` });

const deliver = (c: TestContext, payload: unknown, options: Delivery = {}) =>
  deliverWebhook(c, payload, { secret: CURRENT, ...options });

/** A mail of the organisation sent through the outbox (kept, no SMTP): its row and Message-ID. */
async function sentMail(c: TestContext, orgId: string, template = 'invitation') {
  const to = uniqueEmail('investor');
  const { outboxId } = await c.db.transaction((tx) =>
    queueEmail(tx, c.emailDeps, {
      orgId,
      to,
      template,
      category: 'transactional',
      content: { subject: 'Hello', title: 'Hello', paragraphs: ['Hi'] },
    }),
  );
  expect(await deliverEmail(c.emailDeps, outboxId)).toBe(true);
  const [row] = await c.db
    .select({ messageId: emailOutbox.messageId })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, outboxId));
  if (!row?.messageId) throw new Error('no Message-ID');
  return { outboxId, to, messageId: row.messageId };
}

async function eventsOfMail(c: TestContext, outboxId: string) {
  return c.db
    .select()
    .from(emailEvents)
    .where(and(eq(emailEvents.outboxId, outboxId), sql`${emailEvents.actionType} not in ('email_stored')`));
}

async function eventsWithMessageId(c: TestContext, messageId: string) {
  return c.db
    .select()
    .from(emailEvents)
    .where(
      sql`${emailEvents.details} ->> 'message_id' = ${messageId} and ${emailEvents.actionType} <> 'email_stored'`,
    );
}

async function receiptsOf(c: TestContext, webhookId: string) {
  return c.db.select().from(emailWebhookReceipts).where(eq(emailWebhookReceipts.webhookId, webhookId));
}

async function expectError(res: Response, status: number, code: string) {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  expect(JSON.parse(body).error.code).toBe(code);
}

describe('POST /api/webhooks/email-events', () => {
  it('stores a delivered event against the mail its Message-ID names', async () => {
    const orgId = await ctx.createOrg();
    const mail = await sentMail(ctx, orgId, 'weekly_report');
    const id = `msg_${randomUUID()}`;
    const res = await deliver(ctx, event('email.delivered', mail.messageId, 'SOMEONE@else.example'), { id });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ stored: 1, unmatched: 0, duplicate: false });
    const [stored, ...others] = await eventsOfMail(ctx, mail.outboxId);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      orgId,
      actionType: 'email_delivered',
      recipientEmail: mail.to,
      template: 'weekly_report',
      success: true,
      details: { message_id: mail.messageId, occurred_at: '2026-11-29T08:00:00Z', webhook_id: id },
    });
    expect(stored?.createdAt).toEqual(ctx.clock.now());
    expect(await receiptsOf(ctx, id)).toEqual([expect.objectContaining({ status: 200, eventCount: 1 })]);
  });

  it('stores each kind of report with its action type, success and details', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const res = await deliver(ctx, {
      events: [
        event('email.bounced', mail.messageId, mail.to, { bounce_type: 'hard', reason: '550 no such user' }),
        event('email.complained', mail.messageId, mail.to),
        event('email.opened', mail.messageId, mail.to),
        event('email.clicked', mail.messageId, mail.to, { url: 'https://parley.test/inbox' }),
        event('email.deferred', mail.messageId, mail.to, { reason: 'mailbox full' }),
      ],
    });
    expect(await json(res)).toEqual({ stored: 5, unmatched: 0, duplicate: false });
    const byType = Object.fromEntries(
      (await eventsOfMail(ctx, mail.outboxId)).map((row) => [row.actionType, row]),
    );
    expect(Object.keys(byType).sort()).toEqual([
      'email_bounced',
      'email_clicked',
      'email_complained',
      'email_deferred',
      'email_opened',
    ]);
    expect(byType.email_bounced).toMatchObject({
      success: false,
      details: { bounce_type: 'hard', reason: '550 no such user' },
    });
    expect(byType.email_complained?.success).toBe(false);
    expect(byType.email_opened?.success).toBe(true);
    expect(byType.email_clicked).toMatchObject({
      success: true,
      details: { url: 'https://parley.test/inbox' },
    });
    expect(byType.email_deferred).toMatchObject({ success: false, details: { reason: 'mailbox full' } });
  });

  it('keeps an event whose Message-ID matches no mail, without an organisation, flagged unmatched', async () => {
    const messageId = `<${randomUUID()}@elsewhere.example>`;
    const res = await deliver(
      ctx,
      event('email.bounced', messageId, ' Stranger@Example.COM ', { bounce_type: 'soft' }),
    );
    expect(await json(res)).toEqual({ stored: 1, unmatched: 1, duplicate: false });
    expect(await eventsWithMessageId(ctx, messageId)).toEqual([
      expect.objectContaining({
        orgId: null,
        outboxId: null,
        recipientEmail: 'stranger@example.com',
        template: 'unknown',
        success: false,
        details: expect.objectContaining({ unmatched: true, bounce_type: 'soft' }),
      }),
    ]);
  });

  it('matches a Message-ID exactly as it was sent', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const bare = mail.messageId.replace(/^<|>$/g, '');
    await deliver(ctx, event('email.delivered', bare, mail.to));
    expect(await eventsOfMail(ctx, mail.outboxId)).toEqual([]);
    expect(await eventsWithMessageId(ctx, bare)).toEqual([expect.objectContaining({ orgId: null })]);
  });

  it('accepts a delivery signed with the second of two configured secrets (rotation)', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const res = await deliver(ctx, event('email.opened', mail.messageId, mail.to), { secret: NEXT });
    expect(res.status).toBe(200);
    expect(await eventsOfMail(ctx, mail.outboxId)).toHaveLength(1);
  });

  it('accepts a signature list where any one entry matches', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const body = JSON.stringify(event('email.delivered', mail.messageId, mail.to));
    const id = `msg_${randomUUID()}`;
    const at = Math.floor(ctx.clock.now().getTime() / 1000);
    const good = new Webhook(NEXT).sign(id, new Date(at * 1000), body);
    const bad = new Webhook(FOREIGN).sign(id, new Date(at * 1000), body);
    const res = await deliver(ctx, null, {
      body,
      id,
      timestamp: at,
      headers: { 'webhook-signature': `${bad} v2,abc ${good}` },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a delivery signed with a secret it does not know, storing nothing', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const id = `msg_${randomUUID()}`;
    const res = await deliver(ctx, event('email.delivered', mail.messageId, mail.to), {
      secret: FOREIGN,
      id,
    });
    await expectError(res, 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect(await eventsOfMail(ctx, mail.outboxId)).toEqual([]);
    expect(await receiptsOf(ctx, id)).toEqual([]);
  });

  it('refuses a body changed after signing', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const body = JSON.stringify(event('email.delivered', mail.messageId, mail.to));
    const id = `msg_${randomUUID()}`;
    const at = Math.floor(ctx.clock.now().getTime() / 1000);
    const signature = new Webhook(CURRENT).sign(id, new Date(at * 1000), body);
    const tampered = body.replace('email.delivered', 'email.bounced');
    const res = await deliver(ctx, null, {
      body: tampered,
      id,
      timestamp: at,
      headers: { 'webhook-signature': signature },
    });
    await expectError(res, 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect(await eventsOfMail(ctx, mail.outboxId)).toEqual([]);
  });

  it('refuses a timestamp more than 5 minutes old or ahead of the server clock, storing nothing', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const payload = event('email.delivered', mail.messageId, mail.to);
    for (const timestamp of [now - 301, now + 301]) {
      await expectError(await deliver(ctx, payload, { timestamp }), 401, 'WEBHOOK_TIMESTAMP_OUT_OF_RANGE');
    }
    expect(await eventsOfMail(ctx, mail.outboxId)).toEqual([]);
    // Inside the window on either side it is accepted: the server's clock is the one compared.
    expect((await deliver(ctx, payload, { timestamp: now - 299 })).status).toBe(200);
    expect((await deliver(ctx, payload, { timestamp: now + 299 })).status).toBe(200);
  });

  it('compares the timestamp with the server clock, not the machine time', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const payload = event('email.delivered', mail.messageId, mail.to);
    const machineNow = Math.floor(Date.now() / 1000);
    ctx.clock.advance(60 * 60_000);
    try {
      await expectError(
        await deliver(ctx, payload, { timestamp: machineNow }),
        401,
        'WEBHOOK_TIMESTAMP_OUT_OF_RANGE',
      );
      expect((await deliver(ctx, payload)).status).toBe(200);
    } finally {
      ctx.clock.advance(-60 * 60_000);
    }
  });

  it('acknowledges a replayed webhook-id again but stores its events once', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const id = `msg_${randomUUID()}`;
    const payload = event('email.delivered', mail.messageId, mail.to);
    const first = await deliver(ctx, payload, { id });
    expect(await json(first)).toEqual({ stored: 1, unmatched: 0, duplicate: false });
    const replays = await Promise.all([deliver(ctx, payload, { id }), deliver(ctx, payload, { id })]);
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(await json(replay)).toEqual({ stored: 0, unmatched: 0, duplicate: true });
    }
    expect(await eventsOfMail(ctx, mail.outboxId)).toHaveLength(1);
    expect(await receiptsOf(ctx, id)).toHaveLength(1);
  });

  it('stores one of two concurrent first deliveries of one webhook-id', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const id = `msg_${randomUUID()}`;
    const payload = event('email.delivered', mail.messageId, mail.to);
    const answers = await Promise.all([deliver(ctx, payload, { id }), deliver(ctx, payload, { id })]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const bodies = await Promise.all(answers.map((res) => json(res)));
    expect(bodies.map((body) => body.duplicate).sort()).toEqual([false, true]);
    expect(await eventsOfMail(ctx, mail.outboxId)).toHaveLength(1);
  });

  it('answers a body over 128 KB with 413 before reading it, storing nothing', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const id = `msg_${randomUUID()}`;
    const valid = JSON.stringify(event('email.delivered', mail.messageId, mail.to));
    const padding = EMAIL_WEBHOOK_MAX_BYTES - Buffer.byteLength(valid);
    const exact = `${valid.slice(0, -1)}${' '.repeat(padding)}}`;
    expect(Buffer.byteLength(exact)).toBe(EMAIL_WEBHOOK_MAX_BYTES);
    // Exactly 128 KB passes the cap (and is stored: the padding is JSON whitespace).
    expect((await deliver(ctx, null, { body: exact })).status).toBe(200);
    const over = `${exact} `;
    await expectError(await deliver(ctx, null, { body: over, id }), 413, 'PAYLOAD_TOO_LARGE');
    // Sent without a Content-Length (chunked), the cap counts the bytes as they arrive.
    const bytes = new TextEncoder().encode(over);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.slice(at, at + 16_384));
        controller.close();
      },
    });
    const at = Math.floor(ctx.clock.now().getTime() / 1000);
    const chunked = await ctx.app.request(`${TEST_ORIGIN}${PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(at),
        'webhook-signature': new Webhook(CURRENT).sign(id, new Date(at * 1000), over),
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(chunked, 413, 'PAYLOAD_TOO_LARGE');
    expect(await eventsOfMail(ctx, mail.outboxId)).toHaveLength(1);
    expect(await receiptsOf(ctx, id)).toEqual([]);
  });

  it('refuses missing or malformed headers, storing nothing', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const payload = event('email.delivered', mail.messageId, mail.to);
    const cases: [Record<string, string | undefined>, number, string][] = [
      [{ 'webhook-id': undefined }, 400, 'WEBHOOK_HEADERS_INVALID'],
      [{ 'webhook-timestamp': undefined }, 400, 'WEBHOOK_HEADERS_INVALID'],
      [{ 'webhook-signature': undefined }, 400, 'WEBHOOK_HEADERS_INVALID'],
      [{ 'webhook-timestamp': 'yesterday' }, 400, 'WEBHOOK_HEADERS_INVALID'],
      [
        { 'webhook-timestamp': `${Math.floor(ctx.clock.now().getTime() / 1000)}abc` },
        400,
        'WEBHOOK_HEADERS_INVALID',
      ],
      [{ 'webhook-timestamp': '1.5e9' }, 400, 'WEBHOOK_HEADERS_INVALID'],
      [{ 'webhook-id': 'has spaces in it' }, 400, 'WEBHOOK_HEADERS_INVALID'],
      [{ 'webhook-signature': 'garbage' }, 401, 'WEBHOOK_SIGNATURE_INVALID'],
      [{ 'webhook-signature': 'v1,' }, 401, 'WEBHOOK_SIGNATURE_INVALID'],
      [{ 'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl' }, 401, 'WEBHOOK_SIGNATURE_INVALID'],
    ];
    for (const [headers, status, code] of cases) {
      await expectError(await deliver(ctx, payload, { headers }), status, code);
    }
    expect(await eventsOfMail(ctx, mail.outboxId)).toEqual([]);
  });

  it('answers a verified body that is not a valid payload with 400 naming the field, storing nothing', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const cases: [unknown, string][] = [
      [event('email.sent', mail.messageId, mail.to), 'type'],
      [{ ...event('email.delivered', mail.messageId, mail.to), created_at: 'now' }, 'created_at'],
      [event('email.bounced', mail.messageId, mail.to, { bounce_type: 'medium' }), 'data.bounce_type'],
      [event('email.delivered', mail.messageId, 'ann\u0000@example.com'), 'data.to'],
      [{ events: [] }, 'events'],
      [{ events: [event('email.delivered', '', mail.to)] }, 'events.0.data.message_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await deliver(ctx, payload);
      const body = await json(res);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    await expectError(await deliver(ctx, null, { body: '{"type":' }), 400, 'VALIDATION_FAILED');
    const tooMany = {
      events: Array.from({ length: 101 }, () => event('email.opened', mail.messageId, mail.to)),
    };
    await expectError(await deliver(ctx, tooMany), 400, 'VALIDATION_FAILED');
    expect(await eventsOfMail(ctx, mail.outboxId)).toEqual([]);
  });

  it('needs no cookie or Origin, and a browser-style cross-origin post still needs its signature', async () => {
    const mail = await sentMail(ctx, await ctx.createOrg());
    const payload = event('email.delivered', mail.messageId, mail.to);
    const crossSite = { origin: 'https://provider.example', 'sec-fetch-site': 'cross-site' };
    expect((await deliver(ctx, payload, { headers: crossSite })).status).toBe(200);
    await expectError(
      await deliver(ctx, payload, { headers: { ...crossSite, 'webhook-signature': 'v1,AAAA' } }),
      401,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    await expectError(
      await deliver(ctx, payload, { headers: { 'content-type': 'text/plain' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});

describe('a server without EMAIL_WEBHOOK_SECRET', () => {
  it('answers 503 WEBHOOK_NOT_CONFIGURED and stores nothing', { timeout: STARTS_A_DATABASE_MS }, async () => {
    const unconfigured = await createTestContext();
    const mail = await sentMail(unconfigured, await unconfigured.createOrg());
    const id = `msg_${randomUUID()}`;
    const res = await deliver(unconfigured, event('email.delivered', mail.messageId, mail.to), { id });
    await expectError(res, 503, 'WEBHOOK_NOT_CONFIGURED');
    expect(await eventsOfMail(unconfigured, mail.outboxId)).toEqual([]);
    expect(await receiptsOf(unconfigured, id)).toEqual([]);
  });
});

/** A server whose database fails the next insert of events when told to: the 5xx count. */
let failNextEventInsert = false;
const faulty = await createTestContext(
  { EMAIL_WEBHOOK_SECRET: CURRENT },
  {
    // The 500 is logged by the error handler: expected here.
    logger: createLogger('silent'),
    onStatement: (statement) => {
      if (failNextEventInsert && /^insert into "email_events"/i.test(statement)) {
        failNextEventInsert = false;
        throw new Error('injected: the database fails the insert');
      }
    },
  },
);
// A day of its own, far from every other test's clock: the figures are over all organisations.
faulty.clock.set(new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 1e6) * 86_400_000));

describe('webhookStats', () => {
  it('counts verified deliveries answered 5xx for 24 hours, lets the retry through, and counts unmatched events', async () => {
    const start = faulty.clock.now();
    // On PostgreSQL the database is shared with other files, whose deliveries came before this day.
    const before = await webhookStats(faulty.db, start);
    expect(before).toEqual({ count5xx24h: 0, lastEventAt: before.lastEventAt, unmatched24h: 0 });
    expect(before.lastEventAt === null || before.lastEventAt < start).toBe(true);

    const mail = await sentMail(faulty, await faulty.createOrg());
    const id = `msg_${randomUUID()}`;
    const payload = event('email.delivered', mail.messageId, mail.to);
    failNextEventInsert = true;
    const failed = await deliver(faulty, payload, { id });
    expect(failed.status).toBe(500);
    expect(await eventsOfMail(faulty, mail.outboxId)).toEqual([]);
    expect(await webhookStats(faulty.db, faulty.clock.now())).toEqual({
      count5xx24h: 1,
      lastEventAt: before.lastEventAt,
      unmatched24h: 0,
    });

    // The provider retries the same id: it is stored, not taken for a replay of the failure.
    faulty.clock.advance(60_000);
    const retried = await deliver(faulty, payload, { id });
    expect(await json(retried)).toEqual({ stored: 1, unmatched: 0, duplicate: false });
    expect(await eventsOfMail(faulty, mail.outboxId)).toHaveLength(1);

    faulty.clock.advance(60_000);
    const unmatched = await deliver(faulty, {
      events: [
        event('email.bounced', `<${randomUUID()}@elsewhere.example>`, 'a@elsewhere.example'),
        event('email.opened', `<${randomUUID()}@elsewhere.example>`, 'b@elsewhere.example'),
      ],
    });
    expect(await json(unmatched)).toEqual({ stored: 2, unmatched: 2, duplicate: false });
    const lastAt = faulty.clock.now();
    expect(await webhookStats(faulty.db, lastAt)).toEqual({
      count5xx24h: 1,
      lastEventAt: lastAt,
      unmatched24h: 2,
    });

    // Each counts for 24 hours; the last event stays the last.
    const day = 24 * 60 * 60_000;
    expect(await webhookStats(faulty.db, new Date(start.getTime() + day + 1))).toEqual({
      count5xx24h: 0,
      lastEventAt: lastAt,
      unmatched24h: 2,
    });
    expect(await webhookStats(faulty.db, new Date(lastAt.getTime() + day))).toEqual({
      count5xx24h: 0,
      lastEventAt: lastAt,
      unmatched24h: 0,
    });
  });
});
