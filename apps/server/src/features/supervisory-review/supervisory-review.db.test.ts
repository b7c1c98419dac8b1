import { createHash } from 'node:crypto';
import { DEFAULT_APPROVAL_MATRIX } from '@parley/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertProject, uniqueEmail } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, complianceSettings, investorMessages, supervisoryReviews } from '../../db/schema';
import { reviewReasonOf } from './supervisory-review.service';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';
// States no figure: the draft cites no passage, so a figure would be unsupported (decision 026).
const CLEAN_TEXT =
  'Dear Jane,\n\nThe Q3 distribution was paid as the quarterly letter set out.\n\nKind regards,\nThe IR team';
const LOW_TEXT = 'Dear Jane,\n\nA kumquat for everyone.\n\nKind regards,\nThe IR team';
const MEDIUM_TEXT = 'Dear Jane,\n\nThe zephyr yield is attractive.\n\nKind regards,\nThe IR team';
const HIGH_TEXT =
  'Dear Jane,\n\nYour returns are guaranteed and the fund is a safe place for your money.\n\nKind regards';
const REASON = 'Reviewed with compliance: the wording is quoted from the signed side letter.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const post = (path: string, cookie: string, body?: unknown) => ctx.request('POST', path, { cookie, body });
const get = (path: string, cookie: string) => ctx.request('GET', path, { cookie });

/** Sets the organisation's sample rate on its compliance settings row. */
async function setSampleRate(orgId: string, percent: number) {
  await ctx.db
    .insert(complianceSettings)
    .values({
      orgId,
      forwardLookingDisclaimer: 'Past performance is no guarantee of future results.',
      approvalMatrix: DEFAULT_APPROVAL_MATRIX,
      reviewSamplePercent: percent,
    })
    .onConflictDoUpdate({ target: complianceSettings.orgId, set: { reviewSamplePercent: percent } });
}

/** An organisation with an associate, a director and an admin, its own low and medium terms, and a rate. */
async function orgWithRate(percent: number) {
  const associate = await ctx.signInAs('ir_associate');
  const director = await ctx.signInAs('ir_director', associate.orgId);
  const admin = await ctx.signInAs('admin', associate.orgId);
  for (const [term, severity] of [
    ['kumquat', 'low'],
    ['zephyr yield', 'medium'],
  ] as const) {
    const res = await post('/api/compliance/policy/terms', director.cookie, {
      term,
      severity,
      suggestion: 'plain words',
    });
    expect(res.status, term).toBe(201);
  }
  await setSampleRate(associate.orgId, percent);
  return { associate, director, admin, orgId: associate.orgId };
}

async function messageIn(orgId: string, subject = 'Q3 distribution') {
  const [row] = await ctx.db
    .insert(investorMessages)
    .values({
      orgId,
      projectId: await insertProject(ctx.db, { orgId }),
      investorName: 'Jane Investor',
      investorEmail: uniqueEmail('jane'),
      subject,
      bodyText: 'When is the Q3 distribution paid?',
      createdAt: ctx.clock.now(),
    })
    .returning({ id: investorMessages.id, investorEmail: investorMessages.investorEmail });
  if (!row) throw new Error('no message');
  return row;
}

/** A message with `text` saved as version 1 by the member whose cookie it is. */
async function draftIn(orgId: string, cookie: string, text: string, subject?: string) {
  const message = await messageIn(orgId, subject);
  const res = await post(`/api/messages/${message.id}/drafts`, cookie, { text, based_on_version: 0 });
  expect(res.status, 'save draft').toBe(201);
  const draft = await json(res);
  const version = { version: draft.version as number, text_sha256: sha256(draft.draftText as string) };
  return { messageId: message.id, investorEmail: message.investorEmail, version };
}

async function approve(messageId: string, cookie: string, body: Record<string, unknown>) {
  const res = await post(`/api/messages/${messageId}/approve`, cookie, body);
  expect(res.status, await res.clone().text()).toBe(200);
}

async function reviewsOf(messageId: string) {
  return ctx.db
    .select({
      id: supervisoryReviews.id,
      reason: supervisoryReviews.reason,
      status: supervisoryReviews.status,
    })
    .from(supervisoryReviews)
    .where(eq(supervisoryReviews.messageId, messageId));
}

async function entries(orgId: string, action: string) {
  return ctx.db
    .select({ actorId: auditLogs.actorId, entityId: auditLogs.entityId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, action)))
    .orderBy(desc(auditLogs.seq));
}

/** A reply the associate wrote and marked final themselves, drawn at rate 100: its review's id. */
async function drawnReview(org: Awaited<ReturnType<typeof orgWithRate>>, subject?: string) {
  const { messageId, version } = await draftIn(org.orgId, org.associate.cookie, CLEAN_TEXT, subject);
  await approve(messageId, org.associate.cookie, version);
  const [review] = await reviewsOf(messageId);
  if (!review) throw new Error('not drawn');
  return { messageId, reviewId: review.id };
}

describe('who may read and sign off the post-send review', () => {
  it('guards both routes by approvals.review', async () => {
    await ctx.expectGuarded('GET', '/api/supervisory-reviews', 'approvals.review');
    await ctx.expectGuarded('POST', `/api/supervisory-reviews/${SOME_ID}/sign-off`, 'approvals.review', {});
  });
});

describe('which sent replies are drawn', () => {
  it('draws an associate’s Mark Final of their own clean draft at rate 100, as sampled, audited', async () => {
    const org = await orgWithRate(100);
    const { messageId, version } = await draftIn(org.orgId, org.associate.cookie, CLEAN_TEXT);
    await approve(messageId, org.associate.cookie, version);
    const [review] = await reviewsOf(messageId);
    expect(review).toMatchObject({ reason: 'sampled', status: 'pending' });
    const [entry] = await entries(org.orgId, 'supervisory_review_drawn');
    expect(entry).toMatchObject({
      actorId: null,
      entityId: review?.id,
      details: expect.objectContaining({
        reason: 'sampled',
        message_id: messageId,
        approved_by: org.associate.userId,
        sample_percent: 100,
        response_id: expect.any(String),
      }),
    });
  });

  it('does not draw a clean reply at rate 0', async () => {
    const org = await orgWithRate(0);
    const { messageId, version } = await draftIn(org.orgId, org.associate.cookie, CLEAN_TEXT);
    await approve(messageId, org.associate.cookie, version);
    expect(await reviewsOf(messageId)).toEqual([]);
    expect(await entries(org.orgId, 'supervisory_review_drawn')).toEqual([]);
  });

  it('draws every flagged reply whatever the rate, a low or a medium flag included', async () => {
    const org = await orgWithRate(0);
    for (const text of [LOW_TEXT, MEDIUM_TEXT]) {
      const { messageId, version } = await draftIn(org.orgId, org.associate.cookie, text);
      await approve(messageId, org.associate.cookie, version);
      expect(await reviewsOf(messageId), text).toMatchObject([{ reason: 'flagged', status: 'pending' }]);
    }
  });

  it('draws a flagged reply whose flag was marked not a problem here', async () => {
    const org = await orgWithRate(0);
    const { messageId, version } = await draftIn(org.orgId, org.associate.cookie, LOW_TEXT);
    const checked = await post(
      `/api/messages/${messageId}/drafts/${version.version}/check`,
      org.associate.cookie,
      {},
    );
    expect(checked.status).toBe(200);
    const [flag] = (await json(checked)).flags as { start: number; end: number }[];
    if (!flag) throw new Error('no flag');
    const dismissed = await post(
      `/api/messages/${messageId}/drafts/${version.version}/flags/dismiss`,
      org.associate.cookie,
      { start: flag.start, end: flag.end, reason: 'A defined term of the fund documents.' },
    );
    expect(dismissed.status, await dismissed.clone().text()).toBe(200);
    await approve(messageId, org.associate.cookie, version);
    expect(await reviewsOf(messageId)).toMatchObject([{ reason: 'flagged' }]);
  });

  it('draws a director who approves their own reply over a high flag', async () => {
    const org = await orgWithRate(0);
    const { messageId, version } = await draftIn(org.orgId, org.director.cookie, HIGH_TEXT);
    await approve(messageId, org.director.cookie, { ...version, override_reason: REASON });
    expect(await reviewsOf(messageId)).toMatchObject([{ reason: 'flagged' }]);
  });

  it('does not draw a reply a director approved from an associate’s submission (pre-approved)', async () => {
    const org = await orgWithRate(100);
    for (const text of [CLEAN_TEXT, LOW_TEXT]) {
      const { messageId, version } = await draftIn(org.orgId, org.associate.cookie, text);
      const submitted = await post(`/api/messages/${messageId}/submit`, org.associate.cookie, version);
      expect(submitted.status).toBe(200);
      await approve(messageId, org.director.cookie, version);
      expect(await reviewsOf(messageId), text).toEqual([]);
    }
    expect(await entries(org.orgId, 'supervisory_review_drawn')).toEqual([]);
  });

  it('decides by authorship, then flags, then the draw', () => {
    const never = () => 99;
    const always = () => 0;
    expect(reviewReasonOf({ selfApproved: false, flagged: true, samplePercent: 100 }, always)).toBeNull();
    expect(reviewReasonOf({ selfApproved: true, flagged: true, samplePercent: 0 }, never)).toBe('flagged');
    expect(reviewReasonOf({ selfApproved: true, flagged: false, samplePercent: 10 }, () => 9)).toBe(
      'sampled',
    );
    expect(reviewReasonOf({ selfApproved: true, flagged: false, samplePercent: 10 }, () => 10)).toBeNull();
    expect(reviewReasonOf({ selfApproved: true, flagged: false, samplePercent: 100 }, never)).toBe('sampled');
    expect(reviewReasonOf({ selfApproved: true, flagged: false, samplePercent: 0 }, always)).toBeNull();
  });
});

describe('the post-send review list', () => {
  it('lists newest drawn first with a cursor, filters by status and counts the pending', async () => {
    const org = await orgWithRate(100);
    const drawn = [];
    for (const subject of ['First', 'Second', 'Third']) {
      drawn.push(await drawnReview(org, subject));
      ctx.clock.advance(1000);
    }
    const first = await get('/api/supervisory-reviews?limit=2', org.director.cookie);
    expect(first.status).toBe(200);
    const page1 = await json(first);
    expect(page1.pending).toBe(3);
    expect(page1.items.map((item: { subject: string }) => item.subject)).toEqual(['Third', 'Second']);
    expect(page1.items[0]).toMatchObject({
      id: drawn[2]?.reviewId,
      reason: 'sampled',
      status: 'pending',
      message_id: drawn[2]?.messageId,
      investor_name: 'Jane Investor',
      sent_by_name: expect.any(String),
      version: 1,
      flags: { count: 0, highest: null },
      reviewed_by_name: null,
      reviewed_at: null,
      note: null,
    });
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await json(
      await get(`/api/supervisory-reviews?limit=2&cursor=${page1.next_cursor}`, org.director.cookie),
    );
    expect(page2.items.map((item: { subject: string }) => item.subject)).toEqual(['First']);
    expect(page2.next_cursor).toBeNull();

    const signed = await post(`/api/supervisory-reviews/${drawn[1]?.reviewId}/sign-off`, org.admin.cookie, {
      note: 'Read it: fine.',
    });
    expect(signed.status).toBe(200);
    const pending = await json(await get('/api/supervisory-reviews?status=pending', org.director.cookie));
    expect(pending.pending).toBe(2);
    expect(pending.items.map((item: { subject: string }) => item.subject)).toEqual(['Third', 'First']);
    const done = await json(await get('/api/supervisory-reviews?status=signed_off', org.director.cookie));
    expect(done.pending).toBe(2);
    expect(done.items).toMatchObject([
      {
        subject: 'Second',
        status: 'signed_off',
        note: 'Read it: fine.',
        reviewed_by_name: expect.any(String),
      },
    ]);
  });

  it('summarises the flags the reply was sent with', async () => {
    const org = await orgWithRate(0);
    const { messageId, version } = await draftIn(org.orgId, org.associate.cookie, MEDIUM_TEXT);
    await approve(messageId, org.associate.cookie, version);
    const list = await json(await get('/api/supervisory-reviews', org.director.cookie));
    expect(list.items).toMatchObject([
      { message_id: messageId, reason: 'flagged', flags: { count: 1, highest: 'medium' } },
    ]);
  });

  it('shows only the caller’s organisation', async () => {
    const org = await orgWithRate(100);
    await drawnReview(org);
    const outsider = await ctx.signInAs('ir_director');
    const list = await json(await get('/api/supervisory-reviews', outsider.cookie));
    expect(list).toEqual({ items: [], next_cursor: null, pending: 0 });
  });

  it('answers a bad status, limit or cursor with 400 naming it', async () => {
    const director = await ctx.signInAs('ir_director');
    for (const [query, field] of [
      ['status=done', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['cursor=nonsense', 'cursor'],
    ] as const) {
      const res = await get(`/api/supervisory-reviews?${query}`, director.cookie);
      expect(res.status, query).toBe(400);
      expect((await json(res)).error.fields, query).toHaveProperty(field);
    }
  });
});

describe('signing off', () => {
  it('signs off once with who, when and the note, audited; the second time is a 409', async () => {
    const org = await orgWithRate(100);
    const { messageId, reviewId } = await drawnReview(org);
    const res = await post(`/api/supervisory-reviews/${reviewId}/sign-off`, org.director.cookie, {
      note: '  Checked against the quarterly letter.  ',
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      id: reviewId,
      status: 'signed_off',
      note: 'Checked against the quarterly letter.',
      reviewed_at: ctx.clock.now().toISOString(),
      reviewed_by_name: expect.any(String),
    });
    const [entry] = await entries(org.orgId, 'supervisory_review_signed_off');
    expect(entry).toMatchObject({
      actorId: org.director.userId,
      entityId: reviewId,
      details: expect.objectContaining({
        reason: 'sampled',
        message_id: messageId,
        note: 'Checked against the quarterly letter.',
      }),
    });
    const again = await post(`/api/supervisory-reviews/${reviewId}/sign-off`, org.admin.cookie, {});
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe('This reply was already signed off.');
    expect(await entries(org.orgId, 'supervisory_review_signed_off')).toHaveLength(1);
  });

  it('takes an empty body or a blank note as no note', async () => {
    const org = await orgWithRate(100);
    for (const body of [{}, { note: '   ' }]) {
      const { reviewId } = await drawnReview(org);
      const res = await post(`/api/supervisory-reviews/${reviewId}/sign-off`, org.director.cookie, body);
      expect(res.status).toBe(200);
      expect((await json(res)).note).toBeNull();
    }
  });

  it('refuses an IR associate with 403 and changes nothing', async () => {
    const org = await orgWithRate(100);
    const { reviewId } = await drawnReview(org);
    const res = await post(`/api/supervisory-reviews/${reviewId}/sign-off`, org.associate.cookie, {});
    expect(res.status).toBe(403);
    expect(await reviewsOf((await drawnReview(org)).messageId)).toMatchObject([{ status: 'pending' }]);
    const [row] = await ctx.db
      .select({ status: supervisoryReviews.status })
      .from(supervisoryReviews)
      .where(eq(supervisoryReviews.id, reviewId));
    expect(row?.status).toBe('pending');
  });

  it('answers 404 for another organisation’s review and for none', async () => {
    const org = await orgWithRate(100);
    const { reviewId } = await drawnReview(org);
    const outsider = await ctx.signInAs('admin');
    expect((await post(`/api/supervisory-reviews/${reviewId}/sign-off`, outsider.cookie, {})).status).toBe(
      404,
    );
    expect((await post(`/api/supervisory-reviews/${SOME_ID}/sign-off`, outsider.cookie, {})).status).toBe(
      404,
    );
    expect(await entries(outsider.orgId, 'supervisory_review_signed_off')).toEqual([]);
  });

  it('answers a bad note or id with 400 naming it', async () => {
    const org = await orgWithRate(100);
    const { reviewId } = await drawnReview(org);
    for (const note of ['x'.repeat(1001), 42]) {
      const res = await post(`/api/supervisory-reviews/${reviewId}/sign-off`, org.director.cookie, { note });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty('note');
    }
    const badId = await post('/api/supervisory-reviews/not-an-id/sign-off', org.director.cookie, {});
    expect(badId.status).toBe(400);
    expect((await json(badId)).error.fields).toHaveProperty('id');
    expect(await reviewsOf((await drawnReview(org)).messageId)).toMatchObject([{ status: 'pending' }]);
  });
});
