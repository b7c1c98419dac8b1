import { INBOX_SEARCH_COUNT_CAP } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertManyMessages, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { investorMessageCounts, investorMessages } from '../../db/schema';
import { setMessageStatus } from '../replies/reply-state';

const ctx = await createTestContext();

async function writer() {
  const user = await ctx.signInAs('ir_associate');
  return { ...user, projectId: await insertProject(ctx.db, { orgId: user.orgId }) };
}

function create(cookie: string, projectId: string, investorName = 'Jane Investor') {
  return ctx.request('POST', '/api/messages', {
    cookie,
    body: {
      investor_name: investorName,
      investor_email: 'jane@example.com',
      project_id: projectId,
      subject: 'Question about the Q3 distribution',
      body_text: 'When will the Q3 distribution be paid?',
      topics: ['Distributions'],
    },
  });
}

async function inbox(cookie: string, query = '') {
  const res = await ctx.request('GET', `/api/messages${query}`, { cookie });
  expect(res.status).toBe(200);
  return json(res);
}

async function counts(cookie: string, query = '') {
  const res = await ctx.request('GET', `/api/messages/counts${query}`, { cookie });
  expect(res.status).toBe(200);
  return json(res);
}

type Counted = Record<string, number>;

/**
 * The kept counts beside a full count of the messages, for the organisation (key 'org') and each
 * fund: what the triggers keep must be what counting would find.
 */
async function keptAndCounted(orgId: string) {
  const kept: Counted = {};
  for (const row of await ctx.db
    .select()
    .from(investorMessageCounts)
    .where(eq(investorMessageCounts.orgId, orgId))) {
    if (row.n !== 0) kept[`${row.projectId ?? 'org'}:${row.status}`] = row.n;
  }
  const counted: Counted = {};
  for (const row of await ctx.db
    .select({ projectId: investorMessages.projectId, status: investorMessages.status })
    .from(investorMessages)
    .where(eq(investorMessages.orgId, orgId))) {
    counted[`org:${row.status}`] = (counted[`org:${row.status}`] ?? 0) + 1;
    if (row.projectId) {
      const key = `${row.projectId}:${row.status}`;
      counted[key] = (counted[key] ?? 0) + 1;
    }
  }
  return { kept, counted };
}

async function expectKeptRight(orgId: string) {
  const { kept, counted } = await keptAndCounted(orgId);
  expect(kept).toEqual(counted);
  return kept;
}

describe('inbox tab counts kept by the database', () => {
  it('follow creation, a status change, a change of fund and deletion, for the org and per fund', async () => {
    const user = await writer();
    const second = await insertProject(ctx.db, { orgId: user.orgId });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await json(await create(user.cookie, user.projectId))).id);
    ids.push((await json(await create(user.cookie, second))).id);
    const [a = '', b = '', c = '', d = ''] = ids;

    expect((await inbox(user.cookie)).counts).toEqual({ all: 4, open: 4, awaiting_approval: 0, resolved: 0 });
    expect(await expectKeptRight(user.orgId)).toEqual({
      'org:open': 4,
      [`${user.projectId}:open`]: 3,
      [`${second}:open`]: 1,
    });

    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await setMessageStatus(tx, { orgId: user.orgId, messageId: a, status: 'awaiting_approval', now });
      await setMessageStatus(tx, { orgId: user.orgId, messageId: b, status: 'resolved', now });
      await setMessageStatus(tx, { orgId: user.orgId, messageId: c, status: 'flagged', now });
    });
    // An update of other columns changes no count.
    await ctx.db.update(investorMessages).set({ subject: 'Edited' }).where(eq(investorMessages.id, d));
    // A flagged message is still to be answered: it counts under Open (decision 020).
    expect((await inbox(user.cookie)).counts).toEqual({ all: 4, open: 2, awaiting_approval: 1, resolved: 1 });
    expect((await inbox(user.cookie, `?project_id=${user.projectId}`)).counts).toEqual({
      all: 3,
      open: 1,
      awaiting_approval: 1,
      resolved: 1,
    });
    await expectKeptRight(user.orgId);

    // A message moved to another fund, and an unknown status (counted as open).
    await ctx.db
      .update(investorMessages)
      .set({ projectId: second, status: 'escalated' })
      .where(eq(investorMessages.id, a));
    expect((await inbox(user.cookie, `?project_id=${second}`)).counts).toEqual({
      all: 2,
      open: 2,
      awaiting_approval: 0,
      resolved: 0,
    });
    expect((await inbox(user.cookie, `?project_id=${user.projectId}`)).counts.all).toBe(2);
    await expectKeptRight(user.orgId);

    await ctx.db.delete(investorMessages).where(inArray(investorMessages.id, [a, b]));
    expect((await inbox(user.cookie)).counts).toEqual({ all: 2, open: 2, awaiting_approval: 0, resolved: 0 });
    await expectKeptRight(user.orgId);
  });

  it('are undone with a transaction that rolls back', async () => {
    const user = await writer();
    await insertManyMessages(ctx.db, { orgId: user.orgId, projectId: user.projectId, count: 3 });
    await ctx.db
      .transaction(async (tx) => {
        await tx.delete(investorMessages).where(eq(investorMessages.orgId, user.orgId));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await inbox(user.cookie)).counts.all).toBe(3);
    await expectKeptRight(user.orgId);
  });

  it('count many rows written by one statement, messages without a fund, and a move between organisations', async () => {
    const user = await writer();
    const other = await writer();
    await insertManyMessages(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      count: 250,
      status: 'resolved',
    });
    await insertManyMessages(ctx.db, {
      orgId: user.orgId,
      projectId: null,
      count: 7,
      status: 'awaiting_approval',
    });
    expect((await inbox(user.cookie)).counts).toEqual({
      all: 257,
      open: 0,
      awaiting_approval: 7,
      resolved: 250,
    });
    expect((await inbox(user.cookie, `?project_id=${user.projectId}`)).counts.all).toBe(250);

    await ctx.db
      .update(investorMessages)
      .set({ orgId: other.orgId, projectId: other.projectId })
      .where(and(eq(investorMessages.orgId, user.orgId), eq(investorMessages.status, 'awaiting_approval')));
    expect((await inbox(user.cookie)).counts.awaiting_approval).toBe(0);
    expect((await inbox(other.cookie)).counts.awaiting_approval).toBe(7);
    await expectKeptRight(user.orgId);
    await expectKeptRight(other.orgId);
  });

  it('stay right under concurrent creation', async () => {
    const user = await writer();
    const second = await insertProject(ctx.db, { orgId: user.orgId });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => create(user.cookie, i % 3 === 0 ? second : user.projectId)),
    );
    expect(results.map((res) => res.status)).toEqual(Array(24).fill(201));
    await Promise.all(
      Array.from({ length: 6 }, () =>
        insertManyMessages(ctx.db, { orgId: user.orgId, projectId: second, count: 5 }),
      ),
    );
    expect((await inbox(user.cookie)).counts.all).toBe(54);
    expect((await inbox(user.cookie, `?project_id=${second}`)).counts.all).toBe(38);
    await expectKeptRight(user.orgId);
  });
});

describe('tab counts under a search', () => {
  it(`count at most ${INBOX_SEARCH_COUNT_CAP} matches per tab and say which tabs have more`, async () => {
    const user = await writer();
    await insertManyMessages(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      count: INBOX_SEARCH_COUNT_CAP + 5,
      status: 'open',
    });
    await insertManyMessages(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      count: 3,
      status: 'resolved',
    });

    // The page comes without counts; the counts endpoint caps each tab.
    const page = await inbox(user.cookie, '?q=bulk');
    expect(page.items).toHaveLength(20);
    expect(page.counts).toBeNull();
    const searched = await counts(user.cookie, '?q=bulk');
    expect(searched.counts).toEqual({
      all: INBOX_SEARCH_COUNT_CAP,
      open: INBOX_SEARCH_COUNT_CAP,
      awaiting_approval: 0,
      resolved: 3,
    });
    expect(searched.counts_capped.sort()).toEqual(['all', 'open']);

    // Without a search every count is exact.
    const plain = await counts(user.cookie);
    expect(plain.counts).toEqual({
      all: INBOX_SEARCH_COUNT_CAP + 8,
      open: INBOX_SEARCH_COUNT_CAP + 5,
      awaiting_approval: 0,
      resolved: 3,
    });
    expect(plain.counts_capped).toEqual([]);

    // Exactly the cap is not capped.
    await ctx.db.execute(sql`
      delete from investor_messages where id in (
        select id from investor_messages where org_id = ${user.orgId} and status = 'open' limit 5)`);
    const atCap = await counts(user.cookie, '?q=bulk');
    expect(atCap.counts.open).toBe(INBOX_SEARCH_COUNT_CAP);
    expect(atCap.counts_capped).toEqual(['all']);
  });

  it('counts a search exactly below the cap, within a fund', async () => {
    const user = await writer();
    const second = await insertProject(ctx.db, { orgId: user.orgId });
    await json(await create(user.cookie, user.projectId, 'Margaret Hartley'));
    await json(await create(user.cookie, second, 'Margaret Hartley'));
    await json(await create(user.cookie, second, 'Daniel Okafor'));
    const searched = await counts(user.cookie, `?q=hartley&project_id=${second}`);
    expect(searched.counts).toEqual({ all: 1, open: 1, awaiting_approval: 0, resolved: 0 });
    expect(searched.counts_capped).toEqual([]);
  });
});
