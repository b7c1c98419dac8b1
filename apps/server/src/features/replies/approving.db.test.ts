import { randomUUID } from 'node:crypto';
import { DEFAULT_APPROVAL_MATRIX, ERRORS } from '@parley/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CLEAN_TEXT, FLAGGED_TEXT, REASON, replyScenes, sha256 } from '../../../test/reply-scene';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json } from '../../../test/test-app';
import {
  aiResponses,
  approvalRequests,
  auditLogs,
  emailOutbox,
  investorMessages,
  notifications,
  userSettings,
} from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { RealtimeHub } from '../realtime/realtime.hub';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const { messageIn, saveDraft, scene, saveSettings, post } = replyScenes(ctx);

async function statusOf(messageId: string) {
  const [row] = await ctx.db
    .select({ status: investorMessages.status })
    .from(investorMessages)
    .where(eq(investorMessages.id, messageId));
  return row?.status;
}

async function auditActions(orgId: string) {
  const rows = await ctx.db
    .select({ action: auditLogs.actionType, details: auditLogs.details })
    .from(auditLogs)
    .where(eq(auditLogs.orgId, orgId))
    .orderBy(desc(auditLogs.seq));
  return rows;
}

describe('who may submit, request changes, approve and read the queue', () => {
  it('guards every approval route by its capability', async () => {
    const version = { version: 1, text_sha256: sha256('x') };
    await ctx.expectGuarded('POST', `/api/messages/${SOME_ID}/submit`, 'messages.write', version);
    await ctx.expectGuarded('POST', `/api/messages/${SOME_ID}/approve`, 'messages.write', version);
    await ctx.expectGuarded('POST', `/api/messages/${SOME_ID}/request-changes`, 'approvals.review', {
      comment: 'Please soften this.',
    });
    await ctx.expectGuarded('GET', `/api/messages/${SOME_ID}/approval`, 'workspace.read');
    await ctx.expectGuarded('GET', '/api/approvals', 'approvals.review');
    await ctx.expectGuarded('GET', '/api/approvals/stats', 'approvals.review');
    await ctx.expectGuarded('GET', '/api/notifications', 'signed-in');
    await ctx.expectGuarded('POST', '/api/notifications/read-all', 'signed-in');
    await ctx.expectGuarded('POST', `/api/notifications/${SOME_ID}/read`, 'signed-in');
  });

  it('refuses is_associate submitting or approving a real draft and changes nothing', async () => {
    const { orgId, messageId, draft } = await scene();
    const analyst = await ctx.signInAs('is_associate', orgId);
    for (const path of ['submit', 'approve']) {
      const res = await post(`/api/messages/${messageId}/${path}`, analyst.cookie, draft);
      expect(res.status, path).toBe(403);
    }
    expect(await statusOf(messageId)).toBe('open');
    const state = await json(
      await ctx.request('GET', `/api/messages/${messageId}/approval`, { cookie: analyst.cookie }),
    );
    expect(state.can_finalise).toBe(false);
  });

  it("answers 404 for another organisation's message on every approval route", async () => {
    const { messageId, draft } = await scene();
    const outsider = await ctx.signInAs('admin');
    for (const path of ['submit', 'approve']) {
      expect((await post(`/api/messages/${messageId}/${path}`, outsider.cookie, draft)).status, path).toBe(
        404,
      );
    }
    const changes = await post(`/api/messages/${messageId}/request-changes`, outsider.cookie, {
      comment: 'No',
    });
    expect(changes.status).toBe(404);
    const state = await ctx.request('GET', `/api/messages/${messageId}/approval`, {
      cookie: outsider.cookie,
    });
    expect(state.status).toBe(404);
    expect(await statusOf(messageId)).toBe('open');
  });

  it('answers 400 naming the field for a bad body', async () => {
    const { associate, director, messageId } = await scene();
    const bad = await json(
      await post(`/api/messages/${messageId}/approve`, associate.cookie, { version: 1 }),
    );
    expect(bad.error.fields).toHaveProperty('text_sha256');
    const rating = await json(
      await post(`/api/messages/${messageId}/approve`, director.cookie, {
        version: 1,
        text_sha256: sha256('x'),
        rating: 6,
      }),
    );
    expect(rating.error.fields).toHaveProperty('rating');
    const empty = await post(`/api/messages/${messageId}/request-changes`, director.cookie, {
      comment: '   ',
    });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields).toHaveProperty('comment');
    const long = await post(`/api/messages/${messageId}/request-changes`, director.cookie, {
      comment: 'x'.repeat(2001),
    });
    expect((await json(long)).error.fields).toHaveProperty('comment');
  });
});

describe('Mark Final / Approve & Send', () => {
  it("refuses an associate a draft saying 'guaranteed' with 403 and product.md's text, whatever the client says", async () => {
    const { associate, messageId, draft } = await scene(FLAGGED_TEXT);
    const res = await post(`/api/messages/${messageId}/approve`, associate.cookie, {
      ...draft,
      requires_approval: false,
    });
    expect(res.status).toBe(403);
    const body = await json(res);
    expect(body.error.code).toBe('APPROVAL_NEEDS_DIRECTOR');
    expect(body.error.message).toBe('Only directors can approve responses with high-severity flags');
    expect(await statusOf(messageId)).not.toBe('resolved');
    const state = await json(
      await ctx.request('GET', `/api/messages/${messageId}/approval`, { cookie: associate.cookie }),
    );
    expect(state).toMatchObject({ requires_approval: true, can_finalise: false, level: 'high' });
  });

  it('lets an associate finalise a clean draft (the client’s requires_approval is ignored) and sends it', async () => {
    const { associate, messageId, message, draft } = await scene(CLEAN_TEXT);
    const state = await json(
      await ctx.request('GET', `/api/messages/${messageId}/approval`, { cookie: associate.cookie }),
    );
    expect(state).toMatchObject({ requires_approval: false, can_finalise: true, latest_version: 1 });
    const res = await post(`/api/messages/${messageId}/approve`, associate.cookie, {
      ...draft,
      requires_approval: true,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.delivery).toBe('sent');
    expect(body.approval.status).toBe('resolved');
    expect(body.approval.sent).toMatchObject({ version: 1, to: message.investorEmail, delivery: 'sent' });
    const mail = await smtp.mailTo(message.investorEmail);
    expect(mail.subject).toBe('Re: Q3 distribution');
    expect(mail.text).toContain('The Q3 distribution was paid as the quarterly letter set out.');
    const [version] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, messageId));
    expect(version).toMatchObject({
      approvedBy: associate.userId,
      complianceTag: '[]',
      finalResponse: CLEAN_TEXT,
    });
  });

  it('lets a director approve and send a flagged draft: approved_by is the caller, one audit entry, the reply arrives', async () => {
    const { director, orgId, messageId, message, draft } = await scene(FLAGGED_TEXT);
    const res = await post(`/api/messages/${messageId}/approve`, director.cookie, {
      ...draft,
      rating: 4,
      override_reason: REASON,
    });
    expect(res.status).toBe(200);
    expect(await statusOf(messageId)).toBe('resolved');
    const [version] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, messageId));
    expect(version).toMatchObject({
      approvedBy: director.userId,
      approvedTextSha256: draft.text_sha256,
      approvalRating: 4,
      finalResponse: FLAGGED_TEXT,
      requiresApproval: true,
    });
    expect(version?.complianceTag).toContain('high:guaranteed');
    const mail = await smtp.mailTo(message.investorEmail);
    expect(mail.text).toContain('Your returns are guaranteed');
    const [outbox] = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, version?.sentEmailId ?? SOME_ID));
    expect(outbox).toMatchObject({ template: 'investor_reply', status: 'sent', category: 'transactional' });
    const audit = await auditActions(orgId);
    expect(audit.filter((a) => a.action === 'response_approved')).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'response_approved' });
    // Approving again is refused: it has been sent.
    const again = await post(`/api/messages/${messageId}/approve`, director.cookie, draft);
    expect(again.status).toBe(409);
    expect((await json(again)).error.code).toBe('ALREADY_RESOLVED');
  });

  it('refuses with 409 when the text or version is not the latest the caller saw', async () => {
    const { director, messageId, draft } = await scene();
    const wrongText = await post(`/api/messages/${messageId}/approve`, director.cookie, {
      ...draft,
      text_sha256: sha256('something else'),
    });
    expect(wrongText.status).toBe(409);
    expect((await json(wrongText)).error.code).toBe('DRAFT_CHANGED');
    await saveDraft(director.cookie, messageId, `${CLEAN_TEXT}\n\nP.S. One more thing.`, 1);
    const stale = await post(`/api/messages/${messageId}/approve`, director.cookie, draft);
    expect(stale.status).toBe(409);
    expect(await statusOf(messageId)).toBe('open');
  });

  it('does nothing without a saved draft', async () => {
    const director = await ctx.signInAs('ir_director');
    const message = await messageIn(director.orgId);
    const res = await post(`/api/messages/${message.id}/approve`, director.cookie, {
      version: 1,
      text_sha256: sha256('x'),
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('NO_DRAFT');
    const submit = await post(`/api/messages/${message.id}/submit`, director.cookie, {
      version: 1,
      text_sha256: sha256('x'),
    });
    expect((await json(submit)).error.code).toBe('NO_DRAFT');
  });

  it('records a failed delivery and still resolves the message (the outbox keeps the mail)', async () => {
    const { director, messageId, draft } = await scene();
    smtp.failNext();
    const res = await post(`/api/messages/${messageId}/approve`, director.cookie, draft);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.delivery).toBe('failed');
    expect(body.approval.sent.delivery).toBe('failed');
    expect(await statusOf(messageId)).toBe('resolved');
  });
});

describe('Submit for Approval and Request Changes', () => {
  it('puts the draft in the queue, notifies admins and directors (not the submitter) and e-mails those who want it', async () => {
    const { associate, director, admin, orgId, messageId, draft } = await scene(FLAGGED_TEXT);
    const quiet = await ctx.signInAs('ir_director', orgId);
    await ctx.db
      .insert(userSettings)
      .values({ userId: quiet.userId, notifyApprovalRequests: false, notifyComplianceFlags: false });
    const res = await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    expect(res.status).toBe(200);
    const state = await json(res);
    expect(state.status).toBe('awaiting_approval');
    expect(state.pending).toMatchObject({ version: 1, submitted_by: associate.userId });
    expect(await statusOf(messageId)).toBe('awaiting_approval');
    const [request] = await ctx.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.messageId, messageId));
    expect(request).toMatchObject({ status: 'pending', textSha256: draft.text_sha256, versionNumber: 1 });

    const notified = await ctx.db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.messageId, messageId));
    expect(notified.map((n) => n.userId).sort()).toEqual(
      [director.userId, admin.userId, quiet.userId].sort(),
    );
    const mail = await smtp.mailTo(director.email);
    expect(mail.subject).toBe('Approval requested: Q3 distribution');
    expect(mail.text).toContain(`http://parley.test/inbox/${messageId}`);
    await smtp.mailTo(admin.email);
    const mails = await ctx.db
      .select({ to: emailOutbox.toEmail })
      .from(emailOutbox)
      .where(eq(emailOutbox.orgId, orgId));
    expect(mails.map((m) => m.to)).not.toContain(quiet.email);
    expect(mails.map((m) => m.to)).not.toContain(associate.email);

    const twice = await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    expect(twice.status).toBe(409);
    expect((await json(twice)).error.code).toBe('APPROVAL_PENDING');
    expect((await auditActions(orgId)).some((a) => a.action === 'approval_submitted')).toBe(true);
  });

  it('e-mails a director who turned approval requests off only of submissions with flags that need a director, while compliance flags is on', async () => {
    const flagged = await scene(FLAGGED_TEXT);
    const watcher = await ctx.signInAs('ir_director', flagged.orgId);
    await ctx.db
      .insert(userSettings)
      .values({ userId: watcher.userId, notifyApprovalRequests: false, notifyComplianceFlags: true });
    const clean = await messageIn(flagged.orgId);
    const cleanDraft = await saveDraft(flagged.associate.cookie, clean.id, CLEAN_TEXT, 0);

    expect(
      (await post(`/api/messages/${clean.id}/submit`, flagged.associate.cookie, cleanDraft)).status,
    ).toBe(200);
    expect(
      (await post(`/api/messages/${flagged.messageId}/submit`, flagged.associate.cookie, flagged.draft))
        .status,
    ).toBe(200);

    const toWatcher = await ctx.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, watcher.email));
    expect(toWatcher).toHaveLength(1);
    await smtp.mailTo(watcher.email);
    const inApp = await ctx.db
      .select({ messageId: notifications.messageId })
      .from(notifications)
      .where(eq(notifications.userId, watcher.userId));
    expect(inApp.map((n) => n.messageId).sort()).toEqual([clean.id, flagged.messageId].sort());
  });

  it('returns a submission with the comment, settles the status and tells the submitter', async () => {
    const { associate, director, orgId, messageId, draft } = await scene(FLAGGED_TEXT);
    await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    const res = await post(`/api/messages/${messageId}/request-changes`, director.cookie, {
      comment: 'Please remove the guarantee.',
    });
    expect(res.status).toBe(200);
    const state = await json(res);
    expect(state.pending).toBeNull();
    expect(state.last_decision).toMatchObject({
      status: 'changes_requested',
      comment: 'Please remove the guarantee.',
      decided_by_name: 'Test ir_director',
    });
    // The latest check needs a director, so the message shows flagged (docs/product.md §4).
    expect(await statusOf(messageId)).toBe('flagged');
    const mine = await json(await ctx.request('GET', '/api/notifications', { cookie: associate.cookie }));
    expect(mine.unread_count).toBe(1);
    expect(mine.items[0]).toMatchObject({ kind: 'approval_changes_requested', message_id: messageId });
    const mail = await smtp.mailTo(associate.email);
    expect(mail.text).toContain('Please remove the guarantee.');
    expect((await auditActions(orgId))[0]?.action).toBe('approval_changes_requested');
    const again = await post(`/api/messages/${messageId}/request-changes`, director.cookie, {
      comment: 'Again',
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error.code).toBe('NOT_AWAITING_APPROVAL');
  });

  it('approving a submission decides it with the rating and notifies the submitter in-app only when their setting is off', async () => {
    const { associate, director, messageId, draft } = await scene(FLAGGED_TEXT);
    await ctx.db.insert(userSettings).values({ userId: associate.userId, notifyApprovalRequests: false });
    await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    const res = await post(`/api/messages/${messageId}/approve`, director.cookie, {
      ...draft,
      rating: 5,
      override_reason: REASON,
    });
    expect(res.status).toBe(200);
    const [request] = await ctx.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.messageId, messageId));
    expect(request).toMatchObject({ status: 'approved', decidedBy: director.userId, rating: 5 });
    const mine = await json(await ctx.request('GET', '/api/notifications', { cookie: associate.cookie }));
    expect(mine.items.map((n: { kind: string }) => n.kind)).toEqual(['approval_approved']);
    const mails = await ctx.db
      .select({ template: emailOutbox.template })
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, associate.email));
    expect(mails).toEqual([]);
  });

  it('an edit while pending voids the request and takes the message out of the queue', async () => {
    const { associate, director, orgId, messageId, draft } = await scene();
    await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    await saveDraft(associate.cookie, messageId, `${CLEAN_TEXT}\n\nEdited.`, 1);
    const [request] = await ctx.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.messageId, messageId));
    expect(request?.status).toBe('voided');
    expect(await statusOf(messageId)).toBe('open');
    const queue = await json(await ctx.request('GET', '/api/approvals', { cookie: director.cookie }));
    expect(queue.items).toEqual([]);
    expect((await auditActions(orgId)).some((a) => a.action === 'approval_voided')).toBe(true);
    const stale = await post(`/api/messages/${messageId}/approve`, director.cookie, draft);
    expect(stale.status).toBe(409);
  });

  it('a newly generated version voids a pending request too', async () => {
    const { associate, messageId, draft } = await scene();
    await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/generate`, {
      cookie: associate.cookie,
    });
    expect(res.status).toBe(201);
    const [request] = await ctx.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.messageId, messageId));
    expect(request?.status).toBe('voided');
    expect(await statusOf(messageId)).not.toBe('awaiting_approval');
  });

  it('an edit after approval reopens the message and keeps the sent record', async () => {
    const { director, orgId, messageId, draft } = await scene();
    await post(`/api/messages/${messageId}/approve`, director.cookie, draft);
    expect(await statusOf(messageId)).toBe('resolved');
    await saveDraft(director.cookie, messageId, `${CLEAN_TEXT}\n\nA follow-up.`, 1);
    expect(await statusOf(messageId)).toBe('open');
    const state = await json(
      await ctx.request('GET', `/api/messages/${messageId}/approval`, { cookie: director.cookie }),
    );
    expect(state.sent).toMatchObject({ version: 1 });
    expect(state.latest_version).toBe(2);
    const audit = await auditActions(orgId);
    const voided = audit.find((a) => a.action === 'approval_voided');
    expect(voided?.details).toMatchObject({ previous_status: 'resolved' });
  });
});

describe('the approval queue and its stats', () => {
  it('lists pending submissions with their details, sorted by age or newest, page by page', async () => {
    const director = await ctx.signInAs('ir_director');
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    const ids: string[] = [];
    for (const [i, text] of [CLEAN_TEXT, FLAGGED_TEXT, CLEAN_TEXT].entries()) {
      const message = await messageIn(director.orgId, {
        subject: `Question ${i}`,
        investorName: `Investor ${i}`,
      });
      const draft = await saveDraft(associate.cookie, message.id, text, 0);
      await post(`/api/messages/${message.id}/submit`, associate.cookie, draft);
      ids.push(message.id);
      ctx.clock.advance(60_000);
    }
    const first = await json(await ctx.request('GET', '/api/approvals?limit=2', { cookie: director.cookie }));
    // The flagged draft comes first, then by age.
    expect(first.items.map((i: { message_id: string }) => i.message_id)).toEqual([ids[1], ids[0]]);
    expect(first.items[0]).toMatchObject({
      investor_name: 'Investor 1',
      subject: 'Question 1',
      submitted_by_name: 'Test ir_associate',
      sentiment_score: expect.closeTo(0.7, 5),
      version: 1,
      flags: { highest: 'high', terms: ['guaranteed'] },
    });
    expect(first.items[0].risk_flags).toContain('guaranteed');
    expect(first.items[1].risk_flags).toBe('None');
    expect(first.items[1].text_sha256).toBe(sha256(CLEAN_TEXT));
    expect(first.items[1].project_name).toMatch(/^Fund /);
    const second = await json(
      await ctx.request('GET', `/api/approvals?limit=2&cursor=${first.next_cursor}`, {
        cookie: director.cookie,
      }),
    );
    expect(second.items.map((i: { message_id: string }) => i.message_id)).toEqual([ids[2]]);
    expect(second.next_cursor).toBeNull();
    const newest = await json(
      await ctx.request('GET', '/api/approvals?sort=newest', { cookie: director.cookie }),
    );
    expect(newest.items.map((i: { message_id: string }) => i.message_id)).toEqual([ids[1], ids[2], ids[0]]);
    const bad = await ctx.request('GET', '/api/approvals?sort=size&cursor=nope', { cookie: director.cookie });
    expect(bad.status).toBe(400);
    const badCursor = await json(
      await ctx.request('GET', '/api/approvals?cursor=nope', { cookie: director.cookie }),
    );
    expect(badCursor.error.fields).toHaveProperty('cursor');
  });

  it('computes pending, average response time and flagged today from real data', async () => {
    // 08:00 UTC, so the day does not end during the test; the clock only moves forward.
    const today = ctx.clock.now();
    ctx.clock.set(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 8)));
    const director = await ctx.signInAs('ir_director');
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    const empty = await json(await ctx.request('GET', '/api/approvals/stats', { cookie: director.cookie }));
    expect(empty).toEqual({ pending: 0, average_response_hours: null, flagged_today: 0 });

    const submitted = async (text: string) => {
      const message = await messageIn(director.orgId);
      const draft = await saveDraft(associate.cookie, message.id, text, 0);
      await post(`/api/messages/${message.id}/submit`, associate.cookie, draft);
      return { id: message.id, draft };
    };
    const a = await submitted(FLAGGED_TEXT);
    const b = await submitted(CLEAN_TEXT);
    await submitted(FLAGGED_TEXT);
    // (20 minutes at a time: sessions end after 30 idle minutes.)
    ctx.clock.advance(20 * 60_000);
    await post(`/api/messages/${a.id}/approve`, director.cookie, { ...a.draft, override_reason: REASON });
    ctx.clock.advance(20 * 60_000);
    await post(`/api/messages/${b.id}/request-changes`, director.cookie, { comment: 'Shorter please' });
    const stats = await json(await ctx.request('GET', '/api/approvals/stats', { cookie: director.cookie }));
    expect(stats.pending).toBe(1);
    // 20 and 40 minutes from submission to decision.
    expect(stats.average_response_hours).toBe(0.5);
    // Two messages' checks needed a director today, whether or not they are still pending.
    expect(stats.flagged_today).toBe(2);
    // Decisions older than 30 days no longer count, nor yesterday's flags.
    ctx.clock.advance(31 * 24 * 3600_000);
    const later = await json(
      await ctx.request('GET', '/api/approvals/stats', {
        cookie: (await ctx.signInAs('ir_director', director.orgId)).cookie,
      }),
    );
    expect(later).toMatchObject({ pending: 1, average_response_hours: null, flagged_today: 0 });
  });
});

describe('notifications', () => {
  it('are one’s own: listed with the unread count, marked read one by one or all, 404 for another’s', async () => {
    const { associate, director, admin, messageId, draft } = await scene();
    await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    const list = await json(await ctx.request('GET', '/api/notifications', { cookie: director.cookie }));
    expect(list.unread_count).toBe(1);
    expect(list.items[0]).toMatchObject({ kind: 'approval_requested', message_id: messageId, read_at: null });
    const id = list.items[0].id;
    const foreign = await ctx.request('POST', `/api/notifications/${id}/read`, { cookie: admin.cookie });
    expect(foreign.status).toBe(404);
    const read = await json(
      await ctx.request('POST', `/api/notifications/${id}/read`, { cookie: director.cookie }),
    );
    expect(read.unread_count).toBe(0);
    const adminList = await json(await ctx.request('GET', '/api/notifications', { cookie: admin.cookie }));
    expect(adminList.unread_count).toBe(1);
    const all = await json(
      await ctx.request('POST', '/api/notifications/read-all', { cookie: admin.cookie }),
    );
    expect(all.unread_count).toBe(0);
    const none = await json(await ctx.request('GET', '/api/notifications', { cookie: associate.cookie }));
    expect(none).toMatchObject({ items: [], unread_count: 0, next_cursor: null });
  });

  it("are read when their thread is opened: only the caller's, only that thread's", async () => {
    const first = await scene();
    const other = await messageIn(first.orgId);
    const otherDraft = await saveDraft(first.associate.cookie, other.id, CLEAN_TEXT, 0);
    await post(`/api/messages/${first.messageId}/submit`, first.associate.cookie, first.draft);
    await post(`/api/messages/${other.id}/submit`, first.associate.cookie, otherDraft);
    const unread = async (cookie: string) =>
      (await json(await ctx.request('GET', '/api/notifications', { cookie }))).unread_count;
    expect(await unread(first.director.cookie)).toBe(2);

    const opened = await ctx.request('POST', `/api/messages/${first.messageId}/notifications/read`, {
      cookie: first.director.cookie,
    });
    expect(opened.status).toBe(200);
    expect((await json(opened)).unread_count).toBe(1);
    const items = (
      await json(await ctx.request('GET', '/api/notifications', { cookie: first.director.cookie }))
    ).items as { message_id: string; read_at: string | null }[];
    expect(items.find((n) => n.message_id === other.id)?.read_at).toBeNull();
    expect(await unread(first.admin.cookie)).toBe(2);
    const bad = await ctx.request('POST', '/api/messages/not-an-id/notifications/read', {
      cookie: first.director.cookie,
    });
    expect(bad.status).toBe(400);
    const foreign = await scene();
    await post(`/api/messages/${foreign.messageId}/submit`, foreign.associate.cookie, foreign.draft);
    for (const id of [foreign.messageId, randomUUID()]) {
      const res = await ctx.request('POST', `/api/messages/${id}/notifications/read`, {
        cookie: first.director.cookie,
      });
      expect(res.status, `message ${id}`).toBe(404);
    }
    expect(await unread(foreign.director.cookie)).toBe(1);
  });

  it('pages with a cursor, newest first', async () => {
    const { associate, director, orgId } = await scene();
    for (let i = 0; i < 3; i += 1) {
      const message = await messageIn(orgId, { subject: `Paged ${i}` });
      const draft = await saveDraft(associate.cookie, message.id, CLEAN_TEXT, 0);
      await post(`/api/messages/${message.id}/submit`, associate.cookie, draft);
      ctx.clock.advance(1000);
    }
    const first = await json(
      await ctx.request('GET', '/api/notifications?limit=2', { cookie: director.cookie }),
    );
    expect(first.items.map((n: { title: string }) => n.title)).toEqual([
      'Approval requested: Paged 2',
      'Approval requested: Paged 1',
    ]);
    const second = await json(
      await ctx.request('GET', `/api/notifications?limit=2&cursor=${first.next_cursor}`, {
        cookie: director.cookie,
      }),
    );
    expect(second.items.map((n: { title: string }) => n.title)).toEqual(['Approval requested: Paged 0']);
    expect(second.next_cursor).toBeNull();
  });
});

describe('realtime', () => {
  it('announces status changes to the organisation and a notification only to its user', async () => {
    const { associate, director, orgId, messageId, draft } = await scene();
    const hub = new RealtimeHub({ database: ctx.database, logger: createLogger('silent') });
    const directorEvents: unknown[] = [];
    const associateEvents: unknown[] = [];
    await hub.subscribe(orgId, (e) => directorEvents.push(e), director.userId);
    await hub.subscribe(orgId, (e) => associateEvents.push(e), associate.userId);
    try {
      await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
      const deadline = Date.now() + 2000;
      while (
        Date.now() < deadline &&
        !directorEvents.some((e) => (e as { type: string }).type === 'notification.created')
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(directorEvents).toContainEqual({ type: 'message.updated', messageId });
      const [row] = await ctx.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, director.userId), eq(notifications.messageId, messageId)));
      expect(directorEvents).toContainEqual({ type: 'notification.created', notificationId: row?.id });
      expect(associateEvents).toContainEqual({ type: 'message.updated', messageId });
      expect(associateEvents.some((e) => (e as { type: string }).type === 'notification.created')).toBe(
        false,
      );
    } finally {
      await hub.stop();
    }
  });
});

it('keeps the product.md text of the 403 in the contracts', () => {
  expect(ERRORS.APPROVAL_NEEDS_DIRECTOR).toEqual({
    status: 403,
    message: 'Only directors can approve responses with high-severity flags',
  });
});

/** Everything an approval writes, to show a refused one wrote nothing. */
async function approvalFootprint(orgId: string, messageId: string) {
  const [versions, requests, audit, outbox] = await Promise.all([
    ctx.db
      .select({ approvedAt: aiResponses.approvedAt, reason: aiResponses.overrideReason })
      .from(aiResponses)
      .where(eq(aiResponses.messageId, messageId)),
    ctx.db
      .select({ status: approvalRequests.status })
      .from(approvalRequests)
      .where(eq(approvalRequests.messageId, messageId)),
    ctx.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.orgId, orgId)),
    ctx.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.orgId, orgId)),
  ]);
  return { status: await statusOf(messageId), versions, requests, audit, outbox };
}

describe('approving over a high-severity flag needs a written reason', () => {
  it('refuses without a reason with 422 naming override_reason, and writes nothing', async () => {
    const { associate, director, orgId, messageId, draft } = await scene(FLAGGED_TEXT);
    await post(`/api/messages/${messageId}/submit`, associate.cookie, draft);
    const before = await approvalFootprint(orgId, messageId);
    expect(before.status).toBe('awaiting_approval');
    const res = await post(`/api/messages/${messageId}/approve`, director.cookie, draft);
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.code).toBe('OVERRIDE_REASON_REQUIRED');
    expect(body.error.fields).toEqual({ override_reason: ERRORS.OVERRIDE_REASON_REQUIRED.message });
    expect(await approvalFootprint(orgId, messageId)).toEqual(before);
  });

  it('answers 400 naming override_reason for a reason too short (after trimming) or too long', async () => {
    const { director, orgId, messageId, draft } = await scene(FLAGGED_TEXT);
    const before = await approvalFootprint(orgId, messageId);
    for (const reason of ['   short   ', ' '.repeat(40), 'x'.repeat(1001)]) {
      const res = await post(`/api/messages/${messageId}/approve`, director.cookie, {
        ...draft,
        override_reason: reason,
      });
      expect(res.status, JSON.stringify(reason.slice(0, 20))).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toEqual(['override_reason']);
    }
    expect(await approvalFootprint(orgId, messageId)).toEqual(before);
  });

  it('approves with a reason and keeps it on the version, in the audit entry and in the overrides list', async () => {
    const { director, orgId, messageId, draft } = await scene(FLAGGED_TEXT);
    const res = await post(`/api/messages/${messageId}/approve`, director.cookie, {
      ...draft,
      override_reason: `  ${REASON}  `,
    });
    expect(res.status).toBe(200);
    const [version] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, messageId));
    expect(version?.overrideReason).toBe(REASON);
    expect(version?.overrideFlags).toEqual([
      expect.objectContaining({
        term: 'guaranteed',
        rule: expect.any(String),
        rationale: expect.any(String),
      }),
    ]);
    const [entry] = await auditActions(orgId);
    expect(entry).toMatchObject({
      action: 'response_approved',
      details: {
        override_reason: REASON,
        overridden_flags: [expect.objectContaining({ term: 'guaranteed' })],
      },
    });
    const list = await json(
      await ctx.request('GET', '/api/approvals/overrides', { cookie: director.cookie }),
    );
    expect(list.items).toEqual([
      {
        message_id: messageId,
        investor_name: 'Jane Investor',
        subject: 'Q3 distribution',
        version: 1,
        approved_by: director.userId,
        approved_by_name: 'Test ir_director',
        approved_at: version?.approvedAt?.toISOString(),
        flags: [expect.objectContaining({ term: 'guaranteed' })],
        reason: REASON,
      },
    ]);
    expect(list.next_cursor).toBeNull();
  });

  it('needs no reason for a clean draft, and keeps none that was sent', async () => {
    const { director, messageId, draft } = await scene(CLEAN_TEXT);
    const res = await post(`/api/messages/${messageId}/approve`, director.cookie, {
      ...draft,
      override_reason: REASON,
    });
    expect(res.status).toBe(200);
    const [version] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, messageId));
    expect(version).toMatchObject({ overrideReason: null, overrideFlags: null });
  });

  it('lists overrides for directors and admins only, newest first, page by page', async () => {
    await ctx.expectGuarded('GET', '/api/approvals/overrides', 'reporting.read');
    const director = await ctx.signInAs('ir_director');
    const messageIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const message = await messageIn(director.orgId, { subject: `Override ${i}` });
      const draft = await saveDraft(director.cookie, message.id, FLAGGED_TEXT, 0);
      const res = await post(`/api/messages/${message.id}/approve`, director.cookie, {
        ...draft,
        override_reason: `${REASON} (${i})`,
      });
      expect(res.status).toBe(200);
      messageIds.push(message.id);
      ctx.clock.advance(60_000);
    }
    // Another organisation's override is not listed.
    const { director: outsider, messageId: theirs, draft: theirDraft } = await scene(FLAGGED_TEXT);
    await post(`/api/messages/${theirs}/approve`, outsider.cookie, {
      ...theirDraft,
      override_reason: REASON,
    });

    const page = (cursor?: string) =>
      ctx.request('GET', `/api/approvals/overrides?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        cookie: director.cookie,
      });
    const first = await json(await page());
    expect(first.items.map((i: { message_id: string }) => i.message_id)).toEqual([
      messageIds[2],
      messageIds[1],
    ]);
    expect(first.items[0].reason).toBe(`${REASON} (2)`);
    const second = await json(await page(first.next_cursor));
    expect(second.items.map((i: { message_id: string }) => i.message_id)).toEqual([messageIds[0]]);
    expect(second.next_cursor).toBeNull();
    const bad = await page('nope');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toHaveProperty('cursor');
    const badLimit = await ctx.request('GET', '/api/approvals/overrides?limit=0', {
      cookie: director.cookie,
    });
    expect((await json(badLimit)).error.fields).toHaveProperty('limit');
  });
});

/** Adds organisation terms and makes the matrix ask for a director from `from` up. */
async function strictOrg(adminCookie: string, from: 'none' | 'low' | 'medium') {
  for (const [term, severity] of [
    ['zephyr yield', 'medium'],
    ['kumquat', 'low'],
  ] as const) {
    const res = await ctx.request('POST', '/api/compliance/policy/terms', {
      cookie: adminCookie,
      body: { term, severity, suggestion: 'plain words' },
    });
    expect(res.status, term).toBe(201);
  }
  const directors = ['admin', 'ir_director'];
  const levels = ['none', 'low', 'medium'] as const;
  const matrix = { ...DEFAULT_APPROVAL_MATRIX };
  for (const level of levels.slice(levels.indexOf(from))) matrix[level] = directors as never;
  await saveSettings(adminCookie, { approval_matrix: matrix });
}

describe('a refusal names the rule that applies', () => {
  it('says what the matrix needs at medium, low and no flags, and keeps product.md’s text for high', async () => {
    const { associate, admin, orgId } = await scene(CLEAN_TEXT);
    await strictOrg(admin.cookie, 'none');
    const cases = [
      [
        'The zephyr yield is attractive.',
        "Your organisation's approval matrix needs a director or admin to approve responses with medium-severity flags",
      ],
      [
        'A kumquat for everyone.',
        "Your organisation's approval matrix needs a director or admin to approve responses with low-severity flags",
      ],
      [
        CLEAN_TEXT,
        "Your organisation's approval matrix needs a director or admin to approve responses without compliance flags",
      ],
      [FLAGGED_TEXT, 'Only directors can approve responses with high-severity flags'],
    ] as const;
    for (const [text, message] of cases) {
      const { id } = await messageIn(orgId);
      const draft = await saveDraft(associate.cookie, id, text, 0);
      const res = await post(`/api/messages/${id}/approve`, associate.cookie, draft);
      expect(res.status, text).toBe(403);
      expect(await json(res), text).toMatchObject({ error: { code: 'APPROVAL_NEEDS_DIRECTOR', message } });
      expect(await statusOf(id)).not.toBe('resolved');
    }
  });
});

describe('the queue puts flagged drafts first', () => {
  it('ranks by highest unresolved severity whatever the sort, with a cursor that walks every row once', async () => {
    const director = await ctx.signInAs('ir_director');
    const admin = await ctx.signInAs('admin', director.orgId);
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    await strictOrg(admin.cookie, 'medium');
    const texts = {
      high: FLAGGED_TEXT,
      medium: 'Dear Jane, the zephyr yield is attractive. Kind regards',
      low: 'Dear Jane, a kumquat for everyone. Kind regards',
      none: CLEAN_TEXT,
    };
    // Two of each level, submitted in an interleaved order one minute apart.
    const submitted: { id: string; level: keyof typeof texts }[] = [];
    for (const level of ['none', 'low', 'high', 'medium', 'none', 'high', 'low', 'medium'] as const) {
      const { id } = await messageIn(director.orgId, { subject: `${level} ${submitted.length}` });
      const draft = await saveDraft(associate.cookie, id, texts[level], 0);
      expect((await post(`/api/messages/${id}/submit`, associate.cookie, draft)).status).toBe(200);
      submitted.push({ id, level });
      ctx.clock.advance(60_000);
    }
    const rank = ['high', 'medium', 'low', 'none'];
    const expected = (newestFirst: boolean) =>
      submitted
        .map((row, at) => ({ ...row, at }))
        .sort(
          (a, b) =>
            rank.indexOf(a.level) - rank.indexOf(b.level) || (newestFirst ? b.at - a.at : a.at - b.at),
        )
        .map((row) => row.id);
    for (const sort of ['age', 'newest'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/approvals?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await json(await ctx.request('GET', query, { cookie: director.cookie }));
        seen.push(...page.items.map((i: { message_id: string }) => i.message_id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen, sort).toEqual(expected(sort === 'newest'));
    }
  });

  it('moves a submission when its stored check changes, and counts only flags nobody dismissed', async () => {
    const director = await ctx.signInAs('ir_director');
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    const ids: string[] = [];
    for (const text of [CLEAN_TEXT, FLAGGED_TEXT]) {
      const { id } = await messageIn(director.orgId);
      const draft = await saveDraft(associate.cookie, id, text, 0);
      await post(`/api/messages/${id}/submit`, associate.cookie, draft);
      ids.push(id);
      ctx.clock.advance(60_000);
    }
    const queue = async () =>
      (await json(await ctx.request('GET', '/api/approvals', { cookie: director.cookie }))).items;
    const [flaggedFirst] = await queue();
    expect(flaggedFirst).toMatchObject({ message_id: ids[1], flags: { highest: 'high', count: 1 } });
    // Its passage, with the rationale, shows in the queue.
    expect(flaggedFirst.excerpts).toEqual([
      expect.objectContaining({ severity: 'high', match: 'guaranteed', rationale: expect.any(String) }),
    ]);
    expect(`${flaggedFirst.excerpts[0].before}guaranteed${flaggedFirst.excerpts[0].after}`).toContain(
      'Your returns are guaranteed and the fund',
    );
    expect(flaggedFirst.preview).toBe(FLAGGED_TEXT);

    // The high flag marked 'not a problem here' by the director: the submission is no longer first.
    const [version] = await ctx.db
      .select()
      .from(aiResponses)
      .where(eq(aiResponses.messageId, ids[1] ?? ''));
    const [flag] = (version?.complianceFlags ?? []) as { start: number; end: number }[];
    const cleared = await ctx.request(
      'POST',
      `/api/messages/${ids[1]}/drafts/${version?.versionNumber}/flags/dismiss`,
      {
        cookie: director.cookie,
        body: { start: flag?.start, end: flag?.end, reason: 'Quoted from the prospectus' },
      },
    );
    expect(cleared.status).toBe(200);
    const after = await queue();
    expect(after.map((i: { message_id: string }) => i.message_id)).toEqual(ids);
    expect(after[1]).toMatchObject({ flags: { count: 0, highest: null }, risk_flags: 'None', excerpts: [] });
  });
});

describe('four-eyes (docs/decisions/052-four-eyes.md)', () => {
  const setFourEyes = (adminCookie: string, four_eyes: boolean) => saveSettings(adminCookie, { four_eyes });
  const approve = (messageId: string, cookie: string, draft: { version: number; text_sha256: string }) =>
    post(`/api/messages/${messageId}/approve`, cookie, draft);
  const stateFor = async (messageId: string, cookie: string) =>
    json(await ctx.request('GET', `/api/messages/${messageId}/approval`, { cookie }));

  it('is off by default, and a save that leaves it out keeps it as it is, audited when it changes', async () => {
    const { admin, orgId } = await scene();
    const settings = await json(
      await ctx.request('GET', '/api/compliance/settings', { cookie: admin.cookie }),
    );
    expect(settings.four_eyes).toBe(false);
    expect((await setFourEyes(admin.cookie, true)).four_eyes).toBe(true);
    const res = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: {
        forward_looking_disclaimer: 'Another disclaimer.',
        risk_factor_tags: [],
        compliance_contact: '',
        approval_matrix: DEFAULT_APPROVAL_MATRIX,
      },
    });
    expect((await json(res)).four_eyes).toBe(true);
    const saves = (await auditActions(orgId)).filter((a) => a.action === 'compliance_settings_updated');
    // Newest first: the save without four_eyes did not change it.
    expect(saves.map((a) => (a.details as { changed: string[] }).changed)).toEqual([
      ['forward_looking_disclaimer'],
      ['forward_looking_disclaimer', 'risk_factor_tags', 'four_eyes'],
    ]);
    expect(saves[1]?.details).toMatchObject({ four_eyes: { before: false, after: true } });
    const bad = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: { ...settings, four_eyes: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toHaveProperty('four_eyes');
  });

  it("refuses the author's own approval, whatever their role, and lets another director send it", async () => {
    const { director, associate, admin, messageId } = await scene();
    // The director writes the latest version; the associate wrote the first.
    const own = await saveDraft(director.cookie, messageId, `${CLEAN_TEXT} Kind regards.`, 1);
    await setFourEyes(admin.cookie, true);
    expect(await stateFor(messageId, director.cookie)).toMatchObject({
      can_finalise: false,
      four_eyes_refuses_caller: true,
    });
    const refused = await approve(messageId, director.cookie, own);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({
      code: 'FOUR_EYES',
      message: ERRORS.FOUR_EYES.message,
    });
    // An associate who wrote an earlier version may not Mark Final either.
    expect((await approve(messageId, associate.cookie, own)).status).toBe(403);
    expect(await statusOf(messageId)).toBe('open');

    expect(await stateFor(messageId, admin.cookie)).toMatchObject({
      can_finalise: true,
      four_eyes_refuses_caller: false,
    });
    expect((await approve(messageId, admin.cookie, own)).status).toBe(200);
    expect(await statusOf(messageId)).toBe('resolved');
  });

  it('counts the submitter as an author, and lets the author finalise once four-eyes is off', async () => {
    const { director, associate, admin, messageId, draft } = await scene();
    await setFourEyes(admin.cookie, true);
    // The director submits the associate's text for approval: the submitter may not approve it either.
    expect((await post(`/api/messages/${messageId}/submit`, director.cookie, draft)).status).toBe(200);
    expect((await approve(messageId, director.cookie, draft)).status).toBe(403);
    // The queue marks the submission as the director's own, not the admin's.
    const queued = async (cookie: string) =>
      (await json(await ctx.request('GET', '/api/approvals', { cookie }))).items.find(
        (item: { message_id: string }) => item.message_id === messageId,
      );
    expect((await queued(director.cookie)).four_eyes_refuses_caller).toBe(true);
    expect((await queued(admin.cookie)).four_eyes_refuses_caller).toBe(false);
    await setFourEyes(admin.cookie, false);
    expect((await stateFor(messageId, associate.cookie)).four_eyes_refuses_caller).toBe(false);
    expect((await queued(director.cookie)).four_eyes_refuses_caller).toBe(false);
    expect((await approve(messageId, director.cookie, draft)).status).toBe(200);
  });
});
