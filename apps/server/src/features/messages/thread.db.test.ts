import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { THREAD_MESSAGES_MAX } from '@parley/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPdf } from '../../../test/document-fixtures';
import { insertProject, uniqueEmail } from '../../../test/factories';
import { insertSentMail } from '../../../test/sent-reply';
import { createTestContext, json } from '../../../test/test-app';
import { insertAttachment, insertThreadMessage } from '../../../test/thread-fixtures';
import { aiResponses, auditLogs, investorMessages } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { RealtimeHub } from '../realtime/realtime.hub';

/** Threads (docs/decisions/058-inbound-email.md): GET /api/messages/:id/thread and PUT /api/messages/:id/fund. */
const ctx = await createTestContext({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-thread-')) });
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const MINUTE = 60_000;

function minutesAfter(start: Date, minutes: number) {
  return new Date(start.getTime() + minutes * MINUTE);
}

/** A reply approved by `approvedBy` and e-mailed at `at`, or (sent: false) approved and never handed over. */
async function insertReply(
  input: { orgId: string; messageId: string; projectId: string | null; email: string; text: string },
  options: { at?: Date; approvedBy?: string; version?: number; sent?: boolean } = {},
) {
  const sent = options.sent ?? true;
  const [row] = await ctx.db
    .insert(aiResponses)
    .values({
      orgId: input.orgId,
      messageId: input.messageId,
      projectId: input.projectId,
      versionNumber: options.version ?? 1,
      source: 'edited',
      aiDraft: input.text,
      finalResponse: options.at ? input.text : null,
      citations: [],
      provenance: {},
      approvedAt: options.at ?? null,
      approvedBy: options.approvedBy ?? null,
      sentEmailId: options.at && sent ? await insertSentMail(ctx.db, input) : null,
    })
    .returning({ id: aiResponses.id });
  if (!row) throw new Error('no reply');
  return row.id;
}

/**
 * An investor's thread: a message, Parley's reply, their answer (with attachments), Parley's reply, and
 * their newest message; plus an unsent draft and a reply approved but never sent, which it never shows.
 */
async function threadScene() {
  const director = await ctx.signInAs('ir_director');
  const orgId = director.orgId;
  const projectId = await insertProject(ctx.db, { orgId });
  const email = uniqueEmail('jane');
  const start = new Date(ctx.clock.now().getTime() - 120 * MINUTE);
  const base = { orgId, projectId, investorEmail: email };
  const first = await insertThreadMessage(ctx.db, { ...base, createdAt: start, source: 'compose' });
  const reply = { orgId, projectId, email };
  const firstReply = await insertReply(
    { ...reply, messageId: first.id, text: 'Paid in July.' },
    { at: minutesAfter(start, 10), approvedBy: director.userId },
  );
  const second = await insertThreadMessage(ctx.db, {
    ...base,
    threadId: first.threadId,
    subject: 'Re: Q3 distribution',
    bodyText: 'Thanks. Is the statement attached right?',
    createdAt: minutesAfter(start, 20),
  });
  const pdf = await insertAttachment(ctx.db, ctx.config.attachmentsDir, {
    orgId,
    messageId: second.id,
    fileName: 'statement.pdf',
    contentType: 'application/pdf',
    bytes: buildPdf([['Q3 statement']]),
  });
  const html = await insertAttachment(ctx.db, ctx.config.attachmentsDir, {
    orgId,
    messageId: second.id,
    fileName: 'note.html',
    contentType: 'text/html',
    bytes: Buffer.from('<script>alert(1)</script>'),
  });
  const secondReply = await insertReply(
    { ...reply, messageId: second.id, text: 'Yes, it is.' },
    { at: minutesAfter(start, 30), approvedBy: director.userId },
  );
  const third = await insertThreadMessage(ctx.db, {
    ...base,
    threadId: first.threadId,
    subject: 'Re: Q3 distribution',
    bodyText: 'And Q4?',
    createdAt: minutesAfter(start, 40),
    senderUnknown: true,
  });
  await insertReply({ ...reply, messageId: third.id, text: 'Draft, not sent.' });
  await insertReply(
    { ...reply, messageId: third.id, text: 'Approved, never handed over.' },
    { at: minutesAfter(start, 50), approvedBy: director.userId, version: 2, sent: false },
  );
  return {
    director,
    orgId,
    projectId,
    email,
    threadId: first.threadId,
    messages: [first.id, second.id, third.id] as const,
    replies: [firstReply, secondReply] as const,
    attachments: { pdf: pdf.id, html: html.id },
  };
}

function getThread(cookie: string, id: string) {
  return ctx.request('GET', `/api/messages/${id}/thread`, { cookie });
}

describe('who may read a thread and set its fund', () => {
  it('guards both routes by their capability', async () => {
    await ctx.expectGuarded('GET', `/api/messages/${SOME_ID}/thread`, 'workspace.read');
    await ctx.expectGuarded('PUT', `/api/messages/${SOME_ID}/fund`, 'messages.write', {
      project_id: SOME_ID,
    });
  });
});

describe('GET /api/messages/:id/thread', () => {
  it('interleaves the messages with the replies sent to them, oldest first, with each message’s attachments', async () => {
    const s = await threadScene();
    const res = await getThread(s.director.cookie, s.messages[2]);
    expect(res.status).toBe(200);
    const thread = await json(res);
    expect(thread).toMatchObject({ thread_id: s.threadId, latest_message_id: s.messages[2], omitted: 0 });
    expect(
      thread.entries.map((e: { kind: string; message?: { id: string }; reply?: { id: string } }) =>
        e.kind === 'message' ? `message ${e.message?.id}` : `reply ${e.reply?.id}`,
      ),
    ).toEqual([
      `message ${s.messages[0]}`,
      `reply ${s.replies[0]}`,
      `message ${s.messages[1]}`,
      `reply ${s.replies[1]}`,
      `message ${s.messages[2]}`,
    ]);
    const [first, firstReply, second, , third] = thread.entries;
    expect(first.message).toMatchObject({ source: 'compose', sender_unknown: false, attachments: [] });
    expect(firstReply).toMatchObject({
      at: firstReply.reply.approved_at,
      reply: { message_id: s.messages[0], text: 'Paid in July.', approved_by: 'Test ir_director' },
    });
    expect(second.message).toMatchObject({
      source: 'email',
      investor_email: s.email,
      body_text: 'Thanks. Is the statement attached right?',
      status: 'open',
      attachments: [
        {
          id: s.attachments.pdf,
          file_name: 'statement.pdf',
          content_type: 'application/pdf',
          document_id: null,
          addable: true,
        },
        { id: s.attachments.html, file_name: 'note.html', content_type: 'text/html', addable: false },
      ],
    });
    expect(third.message).toMatchObject({ sender_unknown: true, body_text: 'And Q4?' });
  });

  it('opens the same whole thread from the id of any of its messages', async () => {
    const s = await threadScene();
    const threads = [];
    for (const id of s.messages) threads.push(await json(await getThread(s.director.cookie, id)));
    expect(threads[0].entries).toHaveLength(5);
    expect(threads[1]).toEqual(threads[0]);
    expect(threads[2]).toEqual(threads[0]);
    // An is_associate reads it too.
    const analyst = await ctx.signInAs('is_associate', s.orgId);
    expect((await getThread(analyst.cookie, s.messages[0])).status).toBe(200);
  });

  it('answers 404 for another organisation’s message and an unknown one, 400 for a malformed id', async () => {
    const s = await threadScene();
    const outsider = await ctx.signInAs('admin');
    expect((await getThread(outsider.cookie, s.messages[1])).status).toBe(404);
    expect((await getThread(s.director.cookie, SOME_ID)).status).toBe(404);
    expect((await getThread(s.director.cookie, 'not-an-id')).status).toBe(400);
  });

  it('shows the newest messages of a long thread and counts the ones it leaves out', async () => {
    const director = await ctx.signInAs('ir_director');
    const email = uniqueEmail('long');
    const start = new Date(ctx.clock.now().getTime() - 1000 * MINUTE);
    const first = await insertThreadMessage(ctx.db, {
      orgId: director.orgId,
      investorEmail: email,
      createdAt: start,
    });
    const extra = THREAD_MESSAGES_MAX + 2;
    await ctx.db.insert(investorMessages).values(
      Array.from({ length: extra }, (_, i) => ({
        orgId: director.orgId,
        threadId: first.threadId,
        threadLatest: i === extra - 1,
        investorName: 'Long Thread',
        investorEmail: email,
        subject: `Message ${i + 1}`,
        bodyText: 'More',
        createdAt: minutesAfter(start, i + 1),
      })),
    );
    await ctx.db
      .update(investorMessages)
      .set({ threadLatest: false })
      .where(eq(investorMessages.id, first.id));
    const thread = await json(await getThread(director.cookie, first.id));
    expect(thread.entries).toHaveLength(THREAD_MESSAGES_MAX);
    expect(thread.omitted).toBe(3);
    expect(thread.entries[0].message.subject).toBe('Message 3');
    expect(thread.entries.at(-1).message.subject).toBe(`Message ${extra}`);
    expect(thread.latest_message_id).toBe(thread.entries.at(-1).message.id);
  });
});

describe('PUT /api/messages/:id/fund', () => {
  async function fundsOf(ids: readonly string[]) {
    const rows = await ctx.db
      .select({ id: investorMessages.id, projectId: investorMessages.projectId })
      .from(investorMessages)
      .where(inArray(investorMessages.id, [...ids]));
    return new Set(rows.map((row) => row.projectId));
  }

  async function fundEntries(orgId: string) {
    return ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'message_fund_changed')))
      .orderBy(asc(auditLogs.seq));
  }

  it('moves the whole thread, and its unsent drafts, from any of its messages, audited and announced', async () => {
    const s = await threadScene();
    const associate = await ctx.signInAs('ir_associate', s.orgId);
    const other = await insertProject(ctx.db, { orgId: s.orgId });
    const hub = new RealtimeHub({ database: ctx.database, logger: createLogger('silent') });
    const events: { type: string; messageId?: string }[] = [];
    await hub.subscribe(s.orgId, (e) => events.push(e as { type: string }), associate.userId);
    try {
      const res = await ctx.request('PUT', `/api/messages/${s.messages[0]}/fund`, {
        cookie: associate.cookie,
        body: { project_id: other },
      });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ id: s.messages[0], project_id: other });
      expect(await fundsOf(s.messages)).toEqual(new Set([other]));
      const deadline = Date.now() + 2000;
      while (Date.now() < deadline && events.length < s.messages.length) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(
        events
          .filter((e) => e.type === 'message.updated')
          .map((e) => e.messageId)
          .sort(),
      ).toEqual([...s.messages].sort());
    } finally {
      await hub.stop();
    }
    // The draft not yet approved follows the thread; the replies sent keep the fund they went under.
    const versions = await ctx.db
      .select({ approvedAt: aiResponses.approvedAt, projectId: aiResponses.projectId })
      .from(aiResponses)
      .where(inArray(aiResponses.messageId, [...s.messages]));
    expect(versions.filter((v) => v.approvedAt === null).map((v) => v.projectId)).toEqual([other]);
    expect(new Set(versions.filter((v) => v.approvedAt !== null).map((v) => v.projectId))).toEqual(
      new Set([s.projectId]),
    );
    const [entry, ...more] = await fundEntries(s.orgId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: associate.userId,
      entityType: 'investor_message',
      entityId: s.messages[0],
      details: { thread_id: s.threadId, from: s.projectId, to: other },
    });
    expect([...((entry?.details.message_ids ?? []) as string[])].sort()).toEqual([...s.messages].sort());

    // Setting the fund it already has writes nothing.
    const again = await ctx.request('PUT', `/api/messages/${s.messages[2]}/fund`, {
      cookie: associate.cookie,
      body: { project_id: other },
    });
    expect(again.status).toBe(200);
    expect(await fundEntries(s.orgId)).toHaveLength(1);
  });

  it('gives a thread without a fund one', async () => {
    const associate = await ctx.signInAs('ir_associate');
    const message = await insertThreadMessage(ctx.db, {
      orgId: associate.orgId,
      investorEmail: uniqueEmail('nofund'),
      createdAt: ctx.clock.now(),
    });
    const projectId = await insertProject(ctx.db, { orgId: associate.orgId });
    const res = await ctx.request('PUT', `/api/messages/${message.id}/fund`, {
      cookie: associate.cookie,
      body: { project_id: projectId },
    });
    expect(res.status).toBe(200);
    expect((await fundEntries(associate.orgId))[0]?.details).toMatchObject({ from: null, to: projectId });
  });

  it('refuses another organisation’s fund (422 naming project_id) and message (404), changing nothing', async () => {
    const s = await threadScene();
    const outsider = await ctx.signInAs('ir_director');
    const foreignFund = await insertProject(ctx.db, { orgId: outsider.orgId });
    const refused = await ctx.request('PUT', `/api/messages/${s.messages[1]}/fund`, {
      cookie: s.director.cookie,
      body: { project_id: foreignFund },
    });
    expect(refused.status).toBe(422);
    const body = await json(refused);
    expect(body.error.code).toBe('FUND_NOT_AVAILABLE');
    expect(body.error.fields).toHaveProperty('project_id');
    const notOurs = await ctx.request('PUT', `/api/messages/${s.messages[1]}/fund`, {
      cookie: outsider.cookie,
      body: { project_id: foreignFund },
    });
    expect(notOurs.status).toBe(404);
    expect(await fundsOf(s.messages)).toEqual(new Set([s.projectId]));
    expect(await fundEntries(s.orgId)).toHaveLength(0);
    expect(await fundEntries(outsider.orgId)).toHaveLength(0);
  });
});
