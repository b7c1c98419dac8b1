import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import { emailEvents, emailOutbox } from '../../db/schema';
import { deliverEmail, queueEmail } from './email.service';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ctx = await createTestContext({ EMAIL_WEBHOOK_SECRET: SECRET });
const DAY = 24 * 60 * 60_000;
const PATH = '/api/admin/email-events';

/** A mail of the organisation sent through the outbox at the clock's time: its Message-ID. */
async function sentMail(orgId: string, to: string) {
  const { outboxId } = await ctx.db.transaction((tx) =>
    queueEmail(tx, ctx.emailDeps, {
      orgId,
      to,
      template: 'invitation',
      category: 'transactional',
      content: { subject: 'Hello', title: 'Hello', paragraphs: ['Hi'] },
    }),
  );
  await deliverEmail(ctx.emailDeps, outboxId);
  const [row] = await ctx.db
    .select({ messageId: emailOutbox.messageId })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, outboxId));
  if (!row?.messageId) throw new Error('no Message-ID');
  return row.messageId;
}

/** The provider reports on a mail at the clock's time, through the webhook. */
async function report(type: string, messageId: string, to: string) {
  const body = JSON.stringify({
    type,
    created_at: ctx.clock.now().toISOString(),
    data: { message_id: messageId, to },
  });
  const id = `msg_${randomUUID()}`;
  const res = await ctx.app.request(`${TEST_ORIGIN}/api/webhooks/email-events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(ctx.clock.now().getTime() / 1000)),
      'webhook-signature': new Webhook(SECRET).sign(id, ctx.clock.now(), body),
    },
    body,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Rows written straight to the table, for windows and pages (the webhook's own tests cover writing them). */
async function insertEvents(orgId: string | null, rows: { at: Date; actionType?: string; to?: string }[]) {
  const inserted = await ctx.db
    .insert(emailEvents)
    .values(
      rows.map((row) => ({
        orgId,
        createdAt: row.at,
        actionType: row.actionType ?? 'email_sent',
        recipientEmail: row.to ?? 'someone@parley.test',
        template: 'weekly_report',
        success: true,
        details: { message_id: `<${randomUUID()}@parley.test>` },
      })),
    )
    .returning({ id: emailEvents.id });
  return inserted.map((row) => row.id);
}

async function list(cookie: string, query = '') {
  const res = await ctx.request('GET', `${PATH}${query ? `?${query}` : ''}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

/** Every row of the list, page by page. */
async function walk(cookie: string, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(cookie, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...page.items.map((item: { id: string }) => item.id));
    cursor = page.next_cursor;
    pages++;
  } while (cursor && pages < 50);
  return { ids, pages };
}

describe('GET /api/admin/email-events', () => {
  it('is for admins only, with MFA finished', async () => {
    await ctx.expectGuarded('GET', PATH, 'admin.manage');
    const pending = await ctx.signInAs('admin', undefined, { mfa: 'pending' });
    const res = await ctx.request('GET', PATH, { cookie: pending.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('MFA_REQUIRED');
  });

  it("shows the organisation's events of the last 7 days by the server clock, newest first", async () => {
    const orgId = await ctx.createOrg();
    const now = ctx.clock.now();
    const to = uniqueEmail('investor');
    try {
      ctx.clock.set(new Date(now.getTime() - 8 * DAY));
      const old = await sentMail(orgId, to);
      await report('email.delivered', old, to);
      ctx.clock.set(new Date(now.getTime() - 6 * DAY));
      const recent = await sentMail(orgId, to);
      ctx.clock.set(new Date(now.getTime() - 6 * DAY + 60_000));
      await report('email.delivered', recent, to);
      ctx.clock.set(new Date(now.getTime() - 60_000));
      await report('email.opened', recent, to);
    } finally {
      ctx.clock.set(now);
    }
    const [edge] = await insertEvents(orgId, [{ at: new Date(now.getTime() - 7 * DAY) }]);
    await insertEvents(orgId, [{ at: new Date(now.getTime() - 7 * DAY - 1) }]);

    const admin = await ctx.signInAs('admin', orgId);
    const page = await list(admin.cookie);
    expect(page.next_cursor).toBeNull();
    expect(page.items.map((item: { action_type: string }) => item.action_type)).toEqual([
      'email_opened',
      'email_delivered',
      'email_stored',
      'email_sent',
    ]);
    expect(page.items.at(-1).id).toBe(edge);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      timestamp: new Date(now.getTime() - 60_000).toISOString(),
      action_type: 'email_opened',
      recipient_email: to,
      template: 'invitation',
      success: true,
      details: expect.objectContaining({ message_id: expect.stringMatching(/^<.+>$/) }),
    });

    // A week on, the same list has moved past them all.
    ctx.clock.advance(7 * DAY);
    try {
      const later = await ctx.signInAs('admin', orgId);
      expect((await list(later.cookie)).items).toEqual([]);
    } finally {
      ctx.clock.set(now);
    }
  });

  it('walks every row once, page by page, also among rows of the same time', async () => {
    const orgId = await ctx.createOrg();
    const now = ctx.clock.now();
    const times = [0, 1, 1, 1, 2, 3, 3, 5, 8].map((minutes) => ({
      at: new Date(now.getTime() - minutes * 60_000),
    }));
    const ids = await insertEvents(orgId, times);
    const admin = await ctx.signInAs('admin', orgId);
    const { ids: walked, pages } = await walk(admin.cookie, 'limit=2');
    expect(pages).toBe(5);
    expect(walked).toHaveLength(ids.length);
    expect(new Set(walked)).toEqual(new Set(ids));
    // Newest first, ties by id, as the whole list in one page says.
    expect((await list(admin.cookie)).items.map((item: { id: string }) => item.id)).toEqual(walked);
  });

  it('pages by 50 at most, 50 by default', async () => {
    const orgId = await ctx.createOrg();
    const now = ctx.clock.now();
    await insertEvents(
      orgId,
      Array.from({ length: 51 }, (_, i) => ({ at: new Date(now.getTime() - i * 1000) })),
    );
    const admin = await ctx.signInAs('admin', orgId);
    const first = await list(admin.cookie);
    expect(first.items).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = await list(admin.cookie, `cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(rest.items).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
  });

  it('filters by one action type and by a case-insensitive part of the recipient', async () => {
    const orgId = await ctx.createOrg();
    const now = ctx.clock.now();
    const ann = uniqueEmail('ann');
    await insertEvents(orgId, [
      { at: now, actionType: 'email_bounced', to: ann },
      { at: now, actionType: 'email_delivered', to: ann },
      { at: now, actionType: 'email_bounced', to: uniqueEmail('bob') },
      { at: now, actionType: 'email_sent', to: 'percent_sign@parley.test' },
    ]);
    const admin = await ctx.signInAs('admin', orgId);
    const types = async (query: string) =>
      (await list(admin.cookie, query)).items.map(
        (item: { action_type: string; recipient_email: string }) => [item.action_type, item.recipient_email],
      );
    expect((await types('type=email_bounced')).map(([type]: string[]) => type)).toEqual([
      'email_bounced',
      'email_bounced',
    ]);
    expect((await types(`recipient=${encodeURIComponent(ann.toUpperCase())}`)).sort()).toEqual([
      ['email_bounced', ann],
      ['email_delivered', ann],
    ]);
    expect(await types(`type=email_bounced&recipient=${encodeURIComponent(ann.slice(0, 10))}`)).toEqual([
      ['email_bounced', ann],
    ]);
    // `%` and `_` are the address's own characters, not wildcards.
    expect(await types('recipient=%25%40parley')).toEqual([]);
    expect(await types('recipient=t_s')).toEqual([['email_sent', 'percent_sign@parley.test']]);
    expect(await types('recipient=nobody')).toEqual([]);
  });

  it("never shows another organisation's events, nor reports matched to no mail", async () => {
    const orgId = await ctx.createOrg();
    const otherOrg = await ctx.createOrg();
    const now = ctx.clock.now();
    const [own] = await insertEvents(orgId, [{ at: now }]);
    await insertEvents(otherOrg, [{ at: now }, { at: now, actionType: 'email_bounced' }]);
    const foreignTo = uniqueEmail('foreign');
    await report('email.delivered', await sentMail(otherOrg, foreignTo), foreignTo);
    await report('email.bounced', `<${randomUUID()}@elsewhere.example>`, uniqueEmail('stranger'));
    const admin = await ctx.signInAs('admin', orgId);
    expect((await list(admin.cookie)).items.map((item: { id: string }) => item.id)).toEqual([own]);
    expect((await list(admin.cookie, 'type=email_delivered')).items).toEqual([]);
  });

  it('answers 400 naming a bad limit, type or cursor', async () => {
    const admin = await ctx.signInAs('admin');
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=two', 'limit'],
      ['type=email_exploded', 'type'],
      ['cursor=nonsense', 'cursor'],
      ['recipient=', 'recipient'],
    ]) {
      const res = await ctx.request('GET', `${PATH}?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json(res)).error.fields), query).toEqual([field]);
    }
  });
});
