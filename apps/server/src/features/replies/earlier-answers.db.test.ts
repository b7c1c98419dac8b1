import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildMessageInput, insertMessage, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { searchWordsOf } from './answer-similarity';
import { listEarlierAnswerCandidates } from './earlier-answers.queries';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** The day a flag names, written out here rather than by the code under test. */
const dayOf = (at: Date) => `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;

const letter = (name: string, body: string) => `Dear ${name},\n\n${body}\n\nKind regards,\nSam Patel`;

const Q3_ANSWER = 'The Q3 distribution is $0.1450 per unit, paid on 15 October 2025. [1]';

type Member = { cookie: string; orgId: string };

/** Compose (POST /api/messages): a message of the fund from an investor. */
async function compose(
  member: Member,
  projectId: string,
  input: { investor: string; subject: string; body: string },
): Promise<string> {
  const res = await ctx.request('POST', '/api/messages', {
    cookie: member.cookie,
    body: buildMessageInput({
      project_id: projectId,
      investor_name: input.investor,
      investor_email: `${input.investor.toLowerCase().replace(/\W+/g, '.')}@investor.test`,
      subject: input.subject,
      body_text: input.body,
    }),
  });
  expect(res.status, 'compose').toBe(201);
  return (await json(res)).id as string;
}

/** Saves an edit as the next version (POST …/drafts). */
async function saveDraft(member: Member, messageId: string, text: string, basedOn = 0) {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts`, {
    cookie: member.cookie,
    body: { text, based_on_version: basedOn },
  });
  expect(res.status, 'save draft').toBe(201);
  return (await json(res)).version as number;
}

/** Approve & Send (POST …/approve) of the latest version, as the approval queue sends it. */
async function approveAndSend(approver: Member, messageId: string, version: number, text: string) {
  const res = await ctx.request('POST', `/api/messages/${messageId}/approve`, {
    cookie: approver.cookie,
    body: { version, text_sha256: sha256(text) },
  });
  expect(res.status, 'approve').toBe(200);
}

async function check(member: Member, messageId: string, version: number) {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/${version}/check`, {
    cookie: member.cookie,
  });
  expect(res.status, 'check').toBe(200);
  return (await json(res)) as { flags: Record<string, unknown>[]; requires_approval: boolean };
}

async function earlierAnswers(member: Member, messageId: string) {
  const res = await ctx.request('GET', `/api/messages/${messageId}/earlier-answers`, {
    cookie: member.cookie,
  });
  expect(res.status, 'earlier answers').toBe(200);
  return (await json(res)).items as Record<string, unknown>[];
}

/**
 * An organisation with a director and an associate, a fund, and Anna Berg's question on it whose
 * reply (Q3_ANSWER) the director approved and sent.
 */
async function sentScene() {
  const director = await ctx.signInAs('ir_director');
  const associate = await ctx.signInAs('ir_associate', director.orgId);
  const fund = await insertProject(ctx.db, { orgId: director.orgId });
  const anna = await compose(associate, fund, {
    investor: 'Anna Berg',
    subject: 'Q3 distribution date',
    body: 'Hello, could you confirm the payment date and the per-unit amount of the Q3 distribution? Our treasury team needs it for cash planning.',
  });
  const sentText = letter('Anna', Q3_ANSWER);
  const version = await saveDraft(associate, anna, sentText);
  await approveAndSend(director, anna, version, sentText);
  const sentAt = ctx.clock.now();
  ctx.clock.advance(60_000);
  return { director, associate, orgId: director.orgId, fund, anna, sentText, sentAt };
}

/** Bob Stone asks Anna's question in his own words, on the same fund. */
const BOBS_QUESTION = {
  investor: 'Bob Stone',
  subject: 'Q3 distribution',
  body: 'Hi team,\nwhen will the Q3 distribution be paid and how much is it per unit?\nThanks,\nBob',
};

describe('GET /api/messages/:id/earlier-answers', () => {
  it('is guarded like the other reply reads', async () => {
    await ctx.expectGuarded('GET', `/api/messages/${SOME_ID}/earlier-answers`, 'workspace.read');
  });

  it("shows the reply sent to another investor of the fund on the same question, and never the message's own", async () => {
    const { associate, director, fund, anna, sentText, sentAt } = await sentScene();
    const bob = await compose(associate, fund, BOBS_QUESTION);

    const items = await earlierAnswers(associate, bob);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      message_id: anna,
      version: 1,
      investor_name: 'Anna Berg',
      subject: 'Q3 distribution date',
      reply_text: sentText,
      sent_at: sentAt.toISOString(),
      approved_by_name: expect.any(String),
    });
    expect(items[0]?.approved_by_name).not.toBe('');
    expect(items[0]?.question_excerpt).toContain('per-unit amount of the Q3 distribution');
    expect(items[0]?.similarity).toBeGreaterThanOrEqual(0.3);

    // Anna's own thread lists no answer to itself; an is_associate reads it too.
    expect(await earlierAnswers(director, anna)).toEqual([]);
    const analyst = await ctx.signInAs('is_associate', director.orgId);
    expect(await earlierAnswers(analyst, bob)).toHaveLength(1);
  });

  it('shows nothing for an unrelated question, a draft not yet sent, another fund or another organisation', async () => {
    const { associate, director, orgId, fund } = await sentScene();
    const unrelated = await compose(associate, fund, {
      investor: 'Carl Diaz',
      subject: 'K-1 timing for 2025',
      body: 'When will the K-1 tax packages for the 2025 tax year be issued?',
    });
    expect(await earlierAnswers(associate, unrelated)).toEqual([]);

    // A reply drafted but never sent is no earlier answer.
    const unsent = await compose(associate, fund, { ...BOBS_QUESTION, investor: 'Dora Unsent' });
    await saveDraft(associate, unsent, letter('Dora', 'The Q3 distribution is $0.99 per unit.'));
    const eve = await compose(associate, fund, { ...BOBS_QUESTION, investor: 'Eve Later' });
    expect((await earlierAnswers(associate, eve)).map((a) => a.investor_name)).toEqual(['Anna Berg']);

    const otherFund = await insertProject(ctx.db, { orgId });
    const elsewhere = await compose(associate, otherFund, BOBS_QUESTION);
    expect(await earlierAnswers(associate, elsewhere)).toEqual([]);

    const outsider = await ctx.signInAs('ir_associate');
    const theirFund = await insertProject(ctx.db, { orgId: outsider.orgId });
    const theirs = await compose(outsider, theirFund, BOBS_QUESTION);
    expect(await earlierAnswers(outsider, theirs)).toEqual([]);
    const foreign = await ctx.request('GET', `/api/messages/${eve}/earlier-answers`, {
      cookie: outsider.cookie,
    });
    expect(foreign.status).toBe(404);

    const noFund = await insertMessage(ctx.db, { orgId, createdAt: ctx.clock.now(), projectId: null });
    expect(await earlierAnswers(director, noFund)).toEqual([]);
  });

  it('answers 400 naming the id for a malformed one', async () => {
    const { associate } = await sentScene();
    const res = await ctx.request('GET', '/api/messages/not-a-uuid/earlier-answers', {
      cookie: associate.cookie,
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toHaveProperty('id');
  });
});

describe("the compliance check compares a draft with the fund's earlier replies", () => {
  it('flags a figure that differs from the reply sent to another investor, naming them and the day', async () => {
    const { associate, fund, sentAt } = await sentScene();
    const bob = await compose(associate, fund, BOBS_QUESTION);
    const draft = letter('Bob', 'The Q3 distribution is $0.1550 per unit, paid on 15 October 2025. [1]');
    const version = await saveDraft(associate, bob, draft);

    const { flags } = await check(associate, bob, version);
    const inconsistent = flags.filter((flag) => flag.rule === 'inconsistent');
    expect(inconsistent).toHaveLength(1);
    const [flag] = inconsistent;
    const label = `Inconsistent with the reply sent to Anna Berg on ${dayOf(sentAt)}`;
    expect(flag).toMatchObject({
      term: '$0.1550',
      severity: 'medium',
      explanation: label,
      rationale: `${label}, which said: “${Q3_ANSWER}”`,
      suggestion: '$0.1450',
    });
    expect(draft.slice(flag?.start as number, flag?.end as number)).toBe('$0.1550');

    // The workspace lists Anna's reply as answering the same question.
    const [answer] = await earlierAnswers(associate, bob);
    expect(answer).toMatchObject({ investor_name: 'Anna Berg', is_same_question: true });
  });

  it('does not flag the same figures, however written, and keeps flagging through Apply Fix and approval', async () => {
    const { associate, director, fund } = await sentScene();
    const bob = await compose(associate, fund, BOBS_QUESTION);
    const same = letter('Bob', 'Our Q3 distribution is $0.145 per unit, paid on October 15, 2025. [1]');
    const v1 = await saveDraft(associate, bob, same);
    expect((await check(associate, bob, v1)).flags.filter((f) => f.rule === 'inconsistent')).toEqual([]);

    const differs = letter('Bob', 'Our Q3 distribution is $0.1550 per unit, paid on 15 October 2025. [1]');
    const v2 = await saveDraft(associate, bob, differs, v1);
    const [flag] = (await check(associate, bob, v2)).flags.filter((f) => f.rule === 'inconsistent');
    expect(flag?.term).toBe('$0.1550');

    // Apply Fix puts the figure sent before in its place; the new version is checked and clean of it.
    const fixed = await ctx.request('POST', `/api/messages/${bob}/drafts/${v2}/apply-fix`, {
      cookie: associate.cookie,
      body: { start: flag?.start, end: flag?.end, based_on_version: v2 },
    });
    expect(fixed.status).toBe(201);
    const v3 = await json(fixed);
    expect(v3.draftText).toContain('$0.1450 per unit');
    expect(v3.compliance.flags.filter((f: { rule: string }) => f.rule === 'inconsistent')).toEqual([]);

    // Approve & Send checks the stored text again, the comparison included: a later differing
    // version sent without a check still records its flag.
    const again = letter('Bob', 'Our Q3 distribution is $0.1650 per unit, paid on 15 October 2025. [1]');
    const v4 = await saveDraft(associate, bob, again, v3.version);
    await approveAndSend(director, bob, v4, again);
    const stored = await json(
      await ctx.request('GET', `/api/messages/${bob}/drafts/${v4}`, { cookie: associate.cookie }),
    );
    expect(
      stored.compliance.flags
        .filter((f: { rule: string }) => f.rule === 'inconsistent')
        .map((f: { term: string }) => f.term),
    ).toEqual(['$0.1650']);
  });

  it('never compares with a reply of another fund or another organisation', async () => {
    const { associate, orgId } = await sentScene();
    const draft = letter('Bob', 'The Q3 distribution is $0.1550 per unit, paid on 15 October 2025. [1]');

    const otherFund = await insertProject(ctx.db, { orgId });
    const elsewhere = await compose(associate, otherFund, BOBS_QUESTION);
    const v1 = await saveDraft(associate, elsewhere, draft);
    expect((await check(associate, elsewhere, v1)).flags.filter((f) => f.rule === 'inconsistent')).toEqual(
      [],
    );

    const outsider = await ctx.signInAs('ir_associate');
    const theirFund = await insertProject(ctx.db, { orgId: outsider.orgId });
    const theirs = await compose(outsider, theirFund, BOBS_QUESTION);
    const v2 = await saveDraft(outsider, theirs, draft);
    expect((await check(outsider, theirs, v2)).flags.filter((f) => f.rule === 'inconsistent')).toEqual([]);
  });
});

describe("the search is bounded to the fund's newest sent replies", () => {
  it('offers an earlier answer among the newest replies sent and not one sent before them', async () => {
    const { associate, director, orgId, fund, anna } = await sentScene();
    // Two replies sent after Anna's, on other questions of the fund.
    for (const [investor, subject, body] of [
      ['Carl Diaz', 'K-1 timing for 2025', 'When will the K-1 tax packages for 2025 be issued?'],
      ['Dora Lane', 'ESG policy', 'Could you share the fund ESG policy?'],
    ] as const) {
      const id = await compose(associate, fund, { investor, subject, body });
      const text = letter(
        investor.split(' ')[0] as string,
        'Thank you for your question; we will follow up.',
      );
      await approveAndSend(director, id, await saveDraft(associate, id, text), text);
      ctx.clock.advance(60_000);
    }
    const bob = await compose(associate, fund, BOBS_QUESTION);
    const question = {
      orgId,
      projectId: fund,
      messageId: bob,
      words: searchWordsOf({ subject: BOBS_QUESTION.subject, body: BOBS_QUESTION.body }),
      subject: BOBS_QUESTION.subject,
      limit: 50,
    };

    const within = await listEarlierAnswerCandidates(ctx.db, { ...question, recentSent: 3 });
    expect(within.map((c) => c.messageId)).toEqual([anna]);
    expect(await listEarlierAnswerCandidates(ctx.db, { ...question, recentSent: 2 })).toEqual([]);
  });

  it("reads a message's latest reply sent even when the bound cuts off its earlier versions", async () => {
    const { associate, director, orgId, fund, anna, sentText } = await sentScene();
    // Anna's thread is answered again: the reply sent last is hers to offer.
    const again = letter(
      'Anna',
      'The Q3 distribution is $0.1450 per unit, paid on 15 October 2025, as before. [1]',
    );
    await approveAndSend(director, anna, await saveDraft(associate, anna, again, 1), again);
    const bob = await compose(associate, fund, BOBS_QUESTION);
    const question = {
      orgId,
      projectId: fund,
      messageId: bob,
      words: searchWordsOf({ subject: BOBS_QUESTION.subject, body: BOBS_QUESTION.body }),
      subject: BOBS_QUESTION.subject,
      limit: 50,
    };

    for (const recentSent of [1, 2]) {
      const [candidate, ...rest] = await listEarlierAnswerCandidates(ctx.db, { ...question, recentSent });
      expect(rest).toEqual([]);
      expect(candidate).toMatchObject({ messageId: anna, versionNumber: 2, reply: again });
      expect(candidate?.reply).not.toBe(sentText);
    }
  });
});
