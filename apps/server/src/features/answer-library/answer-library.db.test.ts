import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertProject } from '../../../test/factories';
import {
  approveThroughRoute,
  DISTRIBUTION_PASSAGE,
  FEE_PASSAGE,
  generateThroughRoute,
  insertLibraryScene,
  insertQuestion,
} from '../../../test/library-fixtures';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, emailOutbox, notifications } from '../../db/schema';
import { runLibraryReminders } from '../../jobs/library-reminders';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

const APPROVED_ANSWER =
  'Distributions are declared each quarter and paid within 30 days of the quarter end; the last one was $0.42 per unit, paid on 15 October 2025 [1].';

/** A fresh session: moving the clock by days ends the earlier ones (30 idle minutes). */
const signInAgain = async (user: { userId: string; email: string; password: string }) =>
  (await ctx.signInUser(user)).cookie;

/** An instant `days` from the test clock's now, as the API takes it. */
const inDays = (days: number) => new Date(ctx.clock.now().getTime() + days * DAY).toISOString();

const scene = () => insertLibraryScene(ctx);

type Scene = Awaited<ReturnType<typeof scene>>;

function answerInput(s: Scene, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Distribution timing',
    question: 'When are quarterly distributions paid and how much per unit?',
    answer: APPROVED_ANSWER,
    project_id: s.projectId,
    owner_id: s.associate.userId,
    expires_at: inDays(90),
    passage_ids: [s.distributionId],
    ...overrides,
  };
}

async function createAnswer(s: Scene, overrides: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', '/api/compliance/library', {
    cookie: s.director.cookie,
    body: answerInput(s, overrides),
  });
  expect(res.status, 'create library answer').toBe(201);
  return json(res);
}

const auditOf = (orgId: string, actionType: string) =>
  ctx.db
    .select({ entityId: auditLogs.entityId, details: auditLogs.details, actorId: auditLogs.actorId })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, actionType)))
    // In the order they were written (a bare select's order is PostgreSQL's to choose).
    .orderBy(auditLogs.seq);

describe('who may read and keep the answer library', () => {
  it('lets admins and directors keep it, the Reporting roles read it, and refuses everyone else', async () => {
    const body = {
      title: 'x',
      question: 'What is it?',
      answer: 'x',
      project_id: null,
      owner_id: SOME_ID,
      expires_at: inDays(10),
    };
    await ctx.expectGuarded('GET', '/api/compliance/library', 'reporting.read');
    await ctx.expectGuarded('GET', `/api/compliance/library/${SOME_ID}`, 'reporting.read');
    await ctx.expectGuarded('GET', '/api/compliance/library/owners', 'compliance.manage');
    await ctx.expectGuarded(
      'GET',
      `/api/compliance/library/passages?project_id=${SOME_ID}&q=fee`,
      'compliance.manage',
    );
    await ctx.expectGuarded('POST', '/api/compliance/library', 'compliance.manage', body);
    await ctx.expectGuarded('PATCH', `/api/compliance/library/${SOME_ID}`, 'compliance.manage', {
      title: 'y',
    });
    await ctx.expectGuarded('DELETE', `/api/compliance/library/${SOME_ID}`, 'compliance.manage');
  });
});

describe('keeping library answers', () => {
  it('creates an answer approved by its author, with its cited passage’s text, audited', async () => {
    const s = await scene();
    const created = await createAnswer(s);
    expect(created).toMatchObject({
      title: 'Distribution timing',
      project_id: s.projectId,
      owner_id: s.associate.userId,
      approved_at: ctx.clock.now().toISOString(),
      status: 'live',
      citations: [{ id: s.distributionId, doc_path: 'Q3 Letter.md#page=1', text: DISTRIBUTION_PASSAGE }],
    });
    expect(created.approved_by_name).toBeTruthy();
    const [audit] = await auditOf(s.orgId, 'library_answer_created');
    expect(audit).toMatchObject({ entityId: created.id, actorId: s.director.userId });
    expect(audit?.details).toMatchObject({ citations: [s.distributionId], owner_id: s.associate.userId });
  });

  it('refuses a fund, owner, passage or expiry that is not usable, naming the field, and stores nothing', async () => {
    const s = await scene();
    const other = await scene();
    const cases: [Record<string, unknown>, string][] = [
      [{ project_id: other.projectId }, 'project_id'],
      [{ owner_id: other.associate.userId }, 'owner_id'],
      [{ passage_ids: [other.distributionId] }, 'passage_ids'],
      [{ expires_at: inDays(-1) }, 'expires_at'],
      [{ expires_at: inDays(800) }, 'expires_at'],
      [{ expires_at: 'next week' }, 'expires_at'],
      [{ question: '' }, 'question'],
      [{ passage_ids: [s.distributionId, s.distributionId] }, 'passage_ids'],
      [{ passage_ids: [s.distributionId], from_message_id: SOME_ID }, 'from_message_id'],
      [{ from_message_id: SOME_ID, passage_ids: undefined }, 'from_message_id'],
    ];
    for (const [overrides, field] of cases) {
      const res = await ctx.request('POST', '/api/compliance/library', {
        cookie: s.director.cookie,
        body: answerInput(s, overrides),
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect((await json(res)).error.fields, JSON.stringify(overrides)).toHaveProperty(field);
    }
    const list = await json(
      await ctx.request('GET', '/api/compliance/library', { cookie: s.director.cookie }),
    );
    expect(list.counts.all).toBe(0);
  });

  it('lists answers by title with search and status counts as time passes', async () => {
    const s = await scene();
    await createAnswer(s, { title: 'A distribution', expires_at: inDays(90) });
    await createAnswer(s, {
      title: 'B fees',
      question: 'What is the management fee?',
      expires_at: inDays(20),
    });
    await createAnswer(s, {
      title: 'C redemptions',
      question: 'How do I redeem units?',
      expires_at: inDays(3),
    });
    let cookie = s.director.cookie;
    const list = async (query = '') =>
      json(await ctx.request('GET', `/api/compliance/library${query}`, { cookie }));

    const now = await list();
    expect(now.items.map((i: { title: string; status: string }) => [i.title, i.status])).toEqual([
      ['A distribution', 'live'],
      ['B fees', 'live'],
      ['C redemptions', 'expiring'],
    ]);
    expect(now.counts).toEqual({ all: 3, live: 2, expiring: 1, expired: 0 });
    expect((await list('?q=FEE')).items.map((i: { title: string }) => i.title)).toEqual(['B fees']);

    ctx.clock.advance(10 * DAY);
    try {
      cookie = await signInAgain(s.director);
      const later = await list('?status=expiring');
      expect(later.items.map((i: { title: string }) => i.title)).toEqual(['B fees']);
      expect(later.counts).toEqual({ all: 3, live: 1, expiring: 1, expired: 1 });
      expect((await list('?status=expired')).items.map((i: { title: string }) => i.title)).toEqual([
        'C redemptions',
      ]);
    } finally {
      ctx.clock.advance(-10 * DAY);
    }
    const bad = await ctx.request('GET', '/api/compliance/library?status=old', { cookie: s.director.cookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toHaveProperty('status');
  });

  it('re-approves an answer whose words change in the editor’s name, but not for a new title', async () => {
    const s = await scene();
    const created = await createAnswer(s);
    const admin = await ctx.signInAs('admin', s.orgId);
    ctx.clock.advance(60_000);
    const renamed = await json(
      await ctx.request('PATCH', `/api/compliance/library/${created.id}`, {
        cookie: admin.cookie,
        body: { title: 'Distributions' },
      }),
    );
    expect(renamed.approved_at).toBe(created.approved_at);
    expect(renamed.approved_by_name).toBe(created.approved_by_name);

    const reworded = await ctx.request('PATCH', `/api/compliance/library/${created.id}`, {
      cookie: admin.cookie,
      body: {
        answer: 'Distributions are paid within 30 days of the quarter end [1].',
        passage_ids: [s.feeId],
      },
    });
    expect(reworded.status).toBe(200);
    const body = await json(reworded);
    expect(body.approved_at).toBe(ctx.clock.now().toISOString());
    expect(body.approved_by_name).not.toBe(created.approved_by_name);
    expect(body.citations.map((c: { id: string }) => c.id)).toEqual([s.feeId]);
    const audits = await auditOf(s.orgId, 'library_answer_updated');
    expect(audits.map((a) => a.details)).toEqual([
      expect.objectContaining({ changed: ['title'], reapproved: false }),
      expect.objectContaining({ changed: ['answer', 'passage_ids'], reapproved: true }),
    ]);
  });

  it('archives an answer: it is no longer listed, read or changed (404), and the archive is audited', async () => {
    const s = await scene();
    const created = await createAnswer(s);
    const path = `/api/compliance/library/${created.id}`;
    expect((await ctx.request('DELETE', path, { cookie: s.director.cookie })).status).toBe(200);
    expect((await ctx.request('GET', path, { cookie: s.director.cookie })).status).toBe(404);
    expect((await ctx.request('DELETE', path, { cookie: s.director.cookie })).status).toBe(404);
    expect(
      (await ctx.request('PATCH', path, { cookie: s.director.cookie, body: { title: 'x' } })).status,
    ).toBe(404);
    expect(await auditOf(s.orgId, 'library_answer_archived')).toHaveLength(1);
    const other = await scene();
    const theirs = await createAnswer(other);
    expect(
      (await ctx.request('GET', `/api/compliance/library/${theirs.id}`, { cookie: s.director.cookie }))
        .status,
    ).toBe(404);
  });

  it('makes an answer from a sent reply, keeping the passages that reply cited', async () => {
    const s = await scene();
    const messageId = await insertQuestion(ctx, {
      orgId: s.orgId,
      projectId: s.projectId,
      subject: 'Distribution',
      body: 'How much was the quarterly distribution per unit and when was it paid?',
    });
    const unsent = await ctx.request('POST', '/api/compliance/library', {
      cookie: s.director.cookie,
      body: answerInput(s, { passage_ids: undefined, from_message_id: messageId }),
    });
    expect(unsent.status).toBe(400);
    expect((await json(unsent)).error.fields).toHaveProperty('from_message_id');

    const draft = await generateThroughRoute(ctx, s.director.cookie, messageId);
    expect(draft.citations.length).toBeGreaterThan(0);
    await approveThroughRoute(ctx, s.director.cookie, messageId);
    const created = await createAnswer(s, { passage_ids: undefined, from_message_id: messageId });
    expect(created.source_message_id).toBe(messageId);
    expect(created.citations.map((c: { id: string }) => c.id)).toEqual(
      draft.citations.map((c: { id: string }) => c.id),
    );
  });

  it('offers the fund’s passages to cite and its active members to own an answer', async () => {
    const s = await scene();
    const found = await json(
      await ctx.request(
        'GET',
        `/api/compliance/library/passages?project_id=${s.projectId}&q=management fee`,
        {
          cookie: s.director.cookie,
        },
      ),
    );
    expect(found.items).toEqual([{ id: s.feeId, doc_path: 'Q3 Letter.md#page=2', text: FEE_PASSAGE }]);
    const other = await scene();
    const foreign = await ctx.request(
      'GET',
      `/api/compliance/library/passages?project_id=${other.projectId}&q=fee`,
      {
        cookie: s.director.cookie,
      },
    );
    expect(foreign.status).toBe(400);
    const owners = await json(
      await ctx.request('GET', '/api/compliance/library/owners', { cookie: s.director.cookie }),
    );
    expect(owners.items.map((o: { id: string }) => o.id).sort()).toEqual(
      [s.director.userId, s.associate.userId].sort(),
    );
  });
});

describe('drafts from the answer library', () => {
  const QUESTION = {
    subject: 'Distributions',
    body: 'Hello, when are the quarterly distributions paid, and how much per unit was the last one? Thanks, Jane',
  };

  it('writes the draft from a live answer whose question the message asks, and says so in provenance', async () => {
    const s = await scene();
    const answer = await createAnswer(s);
    const messageId = await insertQuestion(ctx, { orgId: s.orgId, projectId: s.projectId, ...QUESTION });
    const draft = await generateThroughRoute(ctx, s.associate.cookie, messageId);
    expect(draft.draftText).toMatch(/^Dear Jane Investor,\n\nThank you for your message\.\n\n/);
    expect(draft.draftText).toContain(APPROVED_ANSWER);
    expect(draft.draftText).toMatch(/Kind regards,/);
    // The answer's source, with the passage text as the answer was approved on.
    expect(draft.citations).toHaveLength(1);
    expect(draft.citations[0]).toMatchObject({
      id: s.distributionId,
      doc_path: 'Q3 Letter.md#page=1',
      relevance: 1,
      text_source: 'cited',
    });
    expect(draft.citations[0]?.text).toEqual(expect.any(String));
    expect(draft.provenance).toMatchObject({
      drafter: 'library',
      model: null,
      library: {
        id: answer.id,
        title: 'Distribution timing',
        approved_at: answer.approved_at,
        approved_by_name: answer.approved_by_name,
        expires_at: answer.expires_at,
      },
    });
    const [audit] = await auditOf(s.orgId, 'draft_generated');
    expect(audit?.details).toMatchObject({ drafter: 'library', library_answer_id: answer.id });
    // The compliance check runs on it like on any generated draft.
    expect(draft.compliance).not.toBeNull();
  });

  it('leaves a message about something else, or asking more than the answer covers, to the drafter', async () => {
    const s = await scene();
    await createAnswer(s);
    const other = await insertQuestion(ctx, {
      orgId: s.orgId,
      projectId: s.projectId,
      subject: 'Fees',
      body: 'What is the management fee of the fund?',
    });
    expect((await generateThroughRoute(ctx, s.associate.cookie, other)).provenance.drafter).toBe('built-in');
    const broad = await insertQuestion(ctx, {
      orgId: s.orgId,
      projectId: s.projectId,
      subject: 'Several questions before our investment committee meets',
      body:
        'When are quarterly distributions paid and how much per unit? Also please explain the management fee, ' +
        'the redemption notice period, the auditor, the valuation policy for unlisted holdings, the leverage ' +
        'limits, the key person clause, the currency hedging approach and the ESG exclusions you apply.',
    });
    expect((await generateThroughRoute(ctx, s.associate.cookie, broad)).provenance.drafter).toBe('built-in');
  });

  it('never uses an expired or archived answer, nor one for another fund; uses an all-funds answer', async () => {
    const s = await scene();
    const answer = await createAnswer(s, { expires_at: inDays(2) });
    const messageId = await insertQuestion(ctx, { orgId: s.orgId, projectId: s.projectId, ...QUESTION });
    ctx.clock.advance(3 * DAY);
    try {
      const cookie = await signInAgain(s.associate);
      expect((await generateThroughRoute(ctx, cookie, messageId)).provenance.drafter).toBe('built-in');
    } finally {
      ctx.clock.advance(-3 * DAY);
    }
    expect((await generateThroughRoute(ctx, s.associate.cookie, messageId)).provenance.drafter).toBe(
      'library',
    );
    await ctx.request('DELETE', `/api/compliance/library/${answer.id}`, { cookie: s.director.cookie });
    expect((await generateThroughRoute(ctx, s.associate.cookie, messageId)).provenance.drafter).toBe(
      'built-in',
    );

    const otherFund = await insertProject(ctx.db, { orgId: s.orgId });
    await createAnswer(s, { project_id: otherFund, passage_ids: [] });
    expect((await generateThroughRoute(ctx, s.associate.cookie, messageId)).provenance.drafter).toBe(
      'built-in',
    );
    const everyFund = await createAnswer(s, { project_id: null, title: 'Every fund' });
    const draft = await generateThroughRoute(ctx, s.associate.cookie, messageId);
    expect(draft.provenance).toMatchObject({ drafter: 'library', library: { id: everyFund.id } });
  });
});

describe('reminding owners of expiring answers', () => {
  const remindersOf = (userId: string) =>
    ctx.db
      .select({ kind: notifications.kind, libraryAnswerId: notifications.libraryAnswerId })
      .from(notifications)
      .where(eq(notifications.userId, userId));

  it('reminds the owner once when an answer has 14 days left and once when it expires, audited', async () => {
    const s = await scene();
    const answer = await createAnswer(s, { expires_at: inDays(20) });
    await runLibraryReminders(ctx.emailDeps);
    expect(await remindersOf(s.associate.userId)).toEqual([]);

    ctx.clock.advance(7 * DAY);
    try {
      await runLibraryReminders(ctx.emailDeps);
      await runLibraryReminders(ctx.emailDeps);
      expect(await remindersOf(s.associate.userId)).toEqual([
        { kind: 'library_answer_expiring', libraryAnswerId: answer.id },
      ]);
      const cookie = await signInAgain(s.associate);
      const bell = await json(await ctx.request('GET', '/api/notifications', { cookie }));
      expect(bell.items[0]).toMatchObject({ kind: 'library_answer_expiring', library_answer_id: answer.id });
      const mail = await ctx.db
        .select({ to: emailOutbox.toEmail, template: emailOutbox.template })
        .from(emailOutbox)
        .where(eq(emailOutbox.toEmail, s.associate.email));
      expect(mail).toEqual([{ to: s.associate.email, template: 'library_answer_expiring' }]);

      ctx.clock.advance(14 * DAY);
      await runLibraryReminders(ctx.emailDeps);
      await runLibraryReminders(ctx.emailDeps);
      expect((await remindersOf(s.associate.userId)).map((n) => n.kind).sort()).toEqual([
        'library_answer_expired',
        'library_answer_expiring',
      ]);
      expect((await auditOf(s.orgId, 'library_answer_reminder_sent')).map((a) => a.details)).toEqual([
        expect.objectContaining({ state: 'expiring', recipients: [s.associate.userId] }),
        expect.objectContaining({ state: 'expired', recipients: [s.associate.userId] }),
      ]);
      // A director nobody asked is not told.
      expect(await remindersOf(s.director.userId)).toEqual([]);
    } finally {
      ctx.clock.advance(-21 * DAY);
    }
  });

  it('starts the reminders again when an answer is renewed', async () => {
    const s = await scene();
    const answer = await createAnswer(s, { expires_at: inDays(5) });
    await runLibraryReminders(ctx.emailDeps);
    expect(await remindersOf(s.associate.userId)).toHaveLength(1);
    const renewed = await json(
      await ctx.request('PATCH', `/api/compliance/library/${answer.id}`, {
        cookie: s.director.cookie,
        body: { expires_at: inDays(60) },
      }),
    );
    expect(renewed.status).toBe('live');
    ctx.clock.advance(50 * DAY);
    try {
      await runLibraryReminders(ctx.emailDeps);
      expect(await remindersOf(s.associate.userId)).toHaveLength(2);
    } finally {
      ctx.clock.advance(-50 * DAY);
    }
  });
});
