import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildMessageInput, insertMessage, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, investorMessages, projects } from '../../db/schema';
import { seedDemoMessages } from '../../seed/demo-messages';
import { computeSentiment, suggestTopics } from './message-nlp';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** A signed-in writer with a project of their organisation. */
async function writer(role: 'admin' | 'ir_director' | 'ir_associate' = 'ir_associate') {
  const user = await ctx.signInAs(role);
  return { ...user, projectId: await insertProject(ctx.db, { orgId: user.orgId }) };
}

function create(cookie: string, body: unknown) {
  return ctx.request('POST', '/api/messages', { cookie, body });
}

function list(cookie: string, query = '') {
  return ctx.request('GET', `/api/messages${query}`, { cookie });
}

function counts(cookie: string, query = '') {
  return ctx.request('GET', `/api/messages/counts${query}`, { cookie });
}

describe('who may read and write messages', () => {
  it('lets every role read the inbox and a message, and all but is_associate create one', async () => {
    await ctx.expectGuarded(
      'POST',
      '/api/messages',
      'messages.write',
      buildMessageInput({ project_id: SOME_ID }),
    );
    await ctx.expectGuarded('GET', '/api/messages', 'workspace.read');
    await ctx.expectGuarded('GET', '/api/messages/counts', 'workspace.read');
    await ctx.expectGuarded('GET', `/api/messages/${SOME_ID}`, 'workspace.read');
  });

  it('refuses is_associate creating a message with 403 and stores nothing', async () => {
    const user = await ctx.signInAs('is_associate');
    const projectId = await insertProject(ctx.db, { orgId: user.orgId });
    const res = await create(user.cookie, buildMessageInput({ project_id: projectId }));
    expect(res.status).toBe(403);
    const rows = await ctx.db.select().from(investorMessages).where(eq(investorMessages.orgId, user.orgId));
    expect(rows).toHaveLength(0);
  });
});

describe('creating a message', () => {
  it('stores it open with sentiment and the given topics, audited in the same write', async () => {
    const user = await writer();
    const res = await create(
      user.cookie,
      buildMessageInput({ project_id: user.projectId, topics: ['Distributions', 'Tax'] }),
    );
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      investor_name: 'Jane Investor',
      investor_email: 'jane@example.com',
      project_id: user.projectId,
      status: 'open',
      topics: ['Distributions', 'Tax'],
    });
    expect(body.project_name).toMatch(/^Fund /);
    expect(body.sentiment_score).toBeGreaterThanOrEqual(0);
    expect(body.sentiment_score).toBeLessThanOrEqual(1);

    const audit = await ctx.db
      .select({ action: auditLogs.actionType, actor: auditLogs.actorId, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, user.orgId), eq(auditLogs.entityId, body.id)));
    expect(audit).toEqual([
      {
        action: 'message_created',
        actor: user.userId,
        details: expect.objectContaining({ project_id: user.projectId, topics_suggested: false }),
      },
    ]);

    const shown = await ctx.request('GET', `/api/messages/${body.id}`, { cookie: user.cookie });
    expect(shown.status).toBe(200);
    // New for everyone, the writer too, until they open it (docs/decisions/050-triage-unread-and-owner.md).
    expect(body).toMatchObject({ unread: true, owner: null });
    expect(await json(shown)).toEqual({ ...body, unread: false });
  });

  it('answers 400 naming every invalid field', async () => {
    const user = await writer();
    const res = await create(user.cookie, {
      investor_name: '  ',
      investor_email: 'not-an-email',
      project_id: 'nope',
      subject: '',
      body_text: 'x'.repeat(20_001),
    });
    expect(res.status).toBe(400);
    const fields = (await json(res)).error.fields;
    expect(Object.keys(fields).sort()).toEqual([
      'body_text',
      'investor_email',
      'investor_name',
      'project_id',
      'subject',
    ]);
  });

  it('trims topics and ignores empty and case-insensitive duplicates', async () => {
    const user = await writer();
    const res = await create(
      user.cookie,
      buildMessageInput({
        project_id: user.projectId,
        topics: ['  Fees ', '', '   ', 'fees', 'FEES', 'ESG', 'esg '],
      }),
    );
    expect(res.status).toBe(201);
    expect((await json(res)).topics).toEqual(['Fees', 'ESG']);
  });

  it('refuses more than 10 topics and topics over 40 characters, naming topics', async () => {
    const user = await writer();
    const many = Array.from({ length: 11 }, (_, i) => `Topic ${i}`);
    const tooMany = await create(
      user.cookie,
      buildMessageInput({ project_id: user.projectId, topics: many }),
    );
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.fields).toHaveProperty('topics');
    const tooLong = await create(
      user.cookie,
      buildMessageInput({ project_id: user.projectId, topics: ['x'.repeat(41)] }),
    );
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).error.fields).toHaveProperty('topics');
  });

  it('suggests up to three topics from the text when none are given', async () => {
    const user = await writer();
    const res = await create(
      user.cookie,
      buildMessageInput({
        project_id: user.projectId,
        subject: 'K-1 timing and the next capital call',
        body_text:
          'Could you confirm when the K-1 tax forms go out, when the next capital call is due, and what the NAV was at quarter end? Also the management fee.',
        topics: [],
      }),
    );
    expect(res.status).toBe(201);
    const topics = (await json(res)).topics as string[];
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.length).toBeLessThanOrEqual(3);
    expect(topics).toContain('Tax & K-1');
    expect(topics).toContain('Capital Calls');
  });

  it('scores a clearly happy message above a clearly angry one, both within 0..1', async () => {
    const user = await writer();
    const happy = await json(
      await create(
        user.cookie,
        buildMessageInput({
          project_id: user.projectId,
          subject: 'Thank you',
          body_text:
            'Thank you so much, the quarterly report was excellent and we are delighted with the results!',
        }),
      ),
    );
    const angry = await json(
      await create(
        user.cookie,
        buildMessageInput({
          project_id: user.projectId,
          subject: 'Unacceptable delay',
          body_text: 'I am furious. The distribution is late again, this is terrible and unacceptable.',
        }),
      ),
    );
    for (const m of [happy, angry]) {
      expect(m.sentiment_score).toBeGreaterThanOrEqual(0);
      expect(m.sentiment_score).toBeLessThanOrEqual(1);
    }
    expect(happy.sentiment_score).toBeGreaterThan(0.6);
    expect(angry.sentiment_score).toBeLessThan(0.4);
    expect(happy.sentiment_score).toBeGreaterThan(angry.sentiment_score);
    expect(await computeSentiment('Hello', 'When is the next call?')).toBe(0.5);
  });

  it('refuses a project of another organisation with 400 naming project_id and stores nothing', async () => {
    const user = await writer();
    const other = await ctx.createOrg();
    const foreignProject = await insertProject(ctx.db, { orgId: other });
    const res = await create(user.cookie, buildMessageInput({ project_id: foreignProject }));
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ project_id: 'Choose one of your projects' });
    const unknown = await create(user.cookie, buildMessageInput({ project_id: SOME_ID }));
    expect(unknown.status).toBe(400);
    const rows = await ctx.db.select().from(investorMessages).where(eq(investorMessages.orgId, user.orgId));
    expect(rows).toHaveLength(0);
  });
});

describe('reading messages', () => {
  it("answers 404 for another organisation's message and for an unknown id", async () => {
    const user = await writer();
    const other = await writer();
    const id = (await json(await create(other.cookie, buildMessageInput({ project_id: other.projectId }))))
      .id;
    expect((await ctx.request('GET', `/api/messages/${id}`, { cookie: user.cookie })).status).toBe(404);
    expect((await ctx.request('GET', `/api/messages/${SOME_ID}`, { cookie: user.cookie })).status).toBe(404);
    expect((await ctx.request('GET', '/api/messages/not-a-uuid', { cookie: user.cookie })).status).toBe(400);
    const page = await json(await list(user.cookie));
    expect(page.items).toEqual([]);
    expect(page.counts).toEqual({ all: 0, open: 0, awaiting_approval: 0, resolved: 0 });
  });

  it('filters each tab on the server, counts every tab, and shows unknown statuses as open', async () => {
    const user = await writer();
    const open = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      status: 'open',
    });
    const weird = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      status: 'escalated',
    });
    const waiting = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      status: 'awaiting_approval',
    });
    const resolved = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      status: 'resolved',
    });
    const flagged = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      status: 'flagged',
    });
    const ids = async (tab: string) =>
      ((await json(await list(user.cookie, `?tab=${tab}`))).items as { id: string }[])
        .map((m) => m.id)
        .sort();

    expect(await ids('all')).toEqual([open, weird, waiting, resolved, flagged].sort());
    // A flagged message stays under Open, so the tabs add up to All (decision 020).
    expect(await ids('open')).toEqual([open, weird, flagged].sort());
    expect(await ids('awaiting_approval')).toEqual([waiting]);
    expect(await ids('resolved')).toEqual([resolved]);

    const page = await json(await list(user.cookie));
    expect(page.counts).toEqual({ all: 5, open: 3, awaiting_approval: 1, resolved: 1 });
    // Under a search the page comes without them, and the counts endpoint counts each tab by its filter.
    const searched = await json(await list(user.cookie, '?q=row'));
    expect(searched.counts).toBeNull();
    expect(searched.items).toHaveLength(5);
    expect(await json(await counts(user.cookie, '?q=row'))).toEqual({
      counts: { all: 5, open: 3, awaiting_approval: 1, resolved: 1 },
      counts_capped: [],
    });
    expect(await json(await counts(user.cookie))).toEqual({ counts: page.counts, counts_capped: [] });
    const statusOf = (id: string) => page.items.find((m: { id: string }) => m.id === id).status;
    expect(statusOf(weird)).toBe('open');
    expect(statusOf(flagged)).toBe('flagged');

    const bad = await list(user.cookie, '?tab=spam&limit=500');
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(['limit', 'tab']);
  });

  it('searches investor name or subject as a case-insensitive substring, % and _ taken literally', async () => {
    const user = await writer();
    const byName = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      investorName: 'Margaret Okonkwo',
      subject: 'Hello',
    });
    const bySubject = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      subject: 'Fee OKONKWO review',
    });
    const percent = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      subject: 'Return of 100% capital',
    });
    const underscore = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      subject: 'File k_1 attached',
    });
    await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      subject: 'Return of 1000 capital',
      bodyText: 'okonkwo',
    });
    await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
      subject: 'File k-1 attached',
    });
    const search = async (q: string) =>
      ((await json(await list(user.cookie, `?q=${encodeURIComponent(q)}`))).items as { id: string }[])
        .map((m) => m.id)
        .sort();

    expect(await search('okonk')).toEqual([byName, bySubject].sort());
    expect(await search('  garet oKo ')).toEqual([byName]);
    expect(await search('100%')).toEqual([percent]);
    expect(await search('k_1')).toEqual([underscore]);
    expect(await search('nothing-like-this')).toEqual([]);
    const counted = await json(await counts(user.cookie, '?q=okonk'));
    expect(counted.counts.all).toBe(2);
  });

  it('names a bad search or fund of the counts', async () => {
    const user = await writer();
    const bad = await counts(user.cookie, `?q=${'x'.repeat(201)}&project_id=nope`);
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(['project_id', 'q']);
  });

  it('filters by project', async () => {
    const user = await writer();
    const second = await insertProject(ctx.db, { orgId: user.orgId });
    const inFirst = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: user.projectId,
      createdAt: ctx.clock.now(),
    });
    const inSecond = await insertMessage(ctx.db, {
      orgId: user.orgId,
      projectId: second,
      createdAt: ctx.clock.now(),
    });
    const page = await json(await list(user.cookie, `?project_id=${second}`));
    expect(page.items.map((m: { id: string }) => m.id)).toEqual([inSecond]);
    expect(page.counts.all).toBe(1);
    const all = await json(await list(user.cookie));
    expect(all.items.map((m: { id: string }) => m.id).sort()).toEqual([inFirst, inSecond].sort());
  });

  it('pages newest first with a stable cursor even when created_at is identical', async () => {
    const user = await writer();
    const sameTime = new Date('2026-01-01T10:00:00.123Z');
    const created: string[] = [];
    for (let i = 0; i < 5; i++)
      created.push(
        await insertMessage(ctx.db, { orgId: user.orgId, projectId: user.projectId, createdAt: sameTime }),
      );
    // One newer, with microseconds the JS Date cannot hold.
    const [newest] = await ctx.db
      .insert(investorMessages)
      .values({
        orgId: user.orgId,
        projectId: user.projectId,
        investorName: 'Newest',
        investorEmail: 'n@example.com',
        subject: 'Newest',
        bodyText: 'Newest',
      })
      .returning({ id: investorMessages.id });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await json(await list(user.cookie, query));
      seen.push(...page.items.map((m: { id: string }) => m.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen[0]).toBe(newest?.id);
    expect(seen.slice(1)).toEqual([...created].sort().reverse());
    expect(new Set(seen).size).toBe(6);

    const bad = await list(user.cookie, '?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual({ cursor: 'Invalid cursor' });
  });
});

describe('topic suggestion', () => {
  it('is deterministic and ignores text without IR keywords', () => {
    const text =
      'What is the ESG policy and the carbon footprint of the portfolio? Also performance and IRR.';
    expect(suggestTopics('ESG question', text)).toEqual(suggestTopics('ESG question', text));
    expect(suggestTopics('ESG question', text)[0]).toBe('ESG');
    expect(suggestTopics('Hello', 'Lovely weather today.')).toEqual([]);
  });
});

describe('demo messages', () => {
  it('seeds about 50 varied messages over the three demo funds once, however often it runs', async () => {
    const org = await ctx.createOrg();
    const added = await seedDemoMessages(ctx.deps, org, null);
    expect(added).toBe(50);
    expect(await seedDemoMessages(ctx.deps, org, null)).toBe(0);

    const rows = await ctx.db.select().from(investorMessages).where(eq(investorMessages.orgId, org));
    expect(rows).toHaveLength(50);
    const funds = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.orgId, org));
    expect(funds).toHaveLength(3);
    expect(new Set(rows.map((r) => r.projectId)).size).toBe(3);
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['awaiting_approval', 'flagged', 'open', 'resolved']);
    const scores = rows.map((r) => r.sentimentScore ?? 0.5);
    expect(Math.min(...scores)).toBeLessThan(0.4);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(0.6);
    expect(rows.filter((r) => r.topics.length > 0).length).toBeGreaterThan(45);
    const oldest = Math.min(...rows.map((r) => r.createdAt.getTime()));
    expect(ctx.clock.now().getTime() - oldest).toBeLessThanOrEqual(60 * 86_400_000);
    expect(ctx.clock.now().getTime() - oldest).toBeGreaterThan(45 * 86_400_000);
  });
});
