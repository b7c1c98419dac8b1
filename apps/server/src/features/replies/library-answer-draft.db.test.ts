import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  approveThroughRoute,
  FEE_PASSAGE,
  generateThroughRoute,
  insertLibraryScene,
  insertQuestion,
} from '../../../test/library-fixtures';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, documentPassages } from '../../db/schema';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

const ANSWER = 'The last quarterly distribution was $0.42 per unit, paid on 15 October 2025 [1].';
/** The reply as sent: greeting, thanks, the answer, sign-off, signature and disclaimer. */
const SENT_REPLY = `Dear Jane Investor,\n\nThank you for your message.\n\n${ANSWER}\n\nKind regards,\nDana Director\n\nPast performance is not a guide to future returns.`;

/** The library scene, and a question about the fund's distribution. */
async function scene() {
  const s = await insertLibraryScene(ctx);
  const messageId = await insertQuestion(ctx, {
    orgId: s.orgId,
    projectId: s.projectId,
    subject: 'Q3 distribution',
    body: 'Hello,\n\nHow much was the quarterly distribution per unit and when was it paid?\n\nThanks, Jane',
  });
  return { ...s, messageId };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** A draft generated (with its citations), edited to SENT_REPLY, then approved and sent. */
async function sendReply(s: Scene) {
  const generated = await generateThroughRoute(ctx, s.director.cookie, s.messageId);
  const edited = await ctx.request('POST', `/api/messages/${s.messageId}/drafts`, {
    cookie: s.director.cookie,
    body: { text: SENT_REPLY, based_on_version: generated.version },
  });
  expect(edited.status, 'edit').toBe(201);
  await approveThroughRoute(ctx, s.director.cookie, s.messageId);
  return (await json(edited)).citations as { id: string }[];
}

const fromMessage = (s: Scene, messageId = s.messageId) =>
  ctx.request('GET', `/api/compliance/library/from-message/${messageId}`, { cookie: s.director.cookie });

/** POST /api/compliance/library as the form saves a draft from a reply: owned by the associate, 90 days. */
function saveAnswer(
  s: Scene,
  draft: {
    title: string;
    question: string;
    answer: string;
    project_id: string | null;
    source_message_id: string;
    passage_ids: string[];
  },
) {
  return ctx.request('POST', '/api/compliance/library', {
    cookie: s.director.cookie,
    body: {
      title: draft.title,
      question: draft.question,
      answer: draft.answer,
      project_id: draft.project_id,
      owner_id: s.associate.userId,
      expires_at: new Date(ctx.clock.now().getTime() + 90 * DAY).toISOString(),
      passage_ids: draft.passage_ids,
      from_message_id: draft.source_message_id,
    },
  });
}

describe('Save to library: a library answer from a sent reply', () => {
  it('is offered to admins and directors only', async () => {
    await ctx.expectGuarded('GET', `/api/compliance/library/from-message/${SOME_ID}`, 'compliance.manage');
  });

  it('gives the question, the reply without greeting, thanks and sign-off, the fund and the cited passages', async () => {
    const s = await scene();
    const citations = await sendReply(s);
    expect(citations.length).toBeGreaterThan(0);
    const res = await fromMessage(s);
    expect(res.status).toBe(200);
    const draft = await json(res);
    expect(draft).toMatchObject({
      title: 'Q3 distribution',
      question: 'How much was the quarterly distribution per unit and when was it paid?',
      answer: ANSWER,
      project_id: s.projectId,
      source_message_id: s.messageId,
      citations_gone: 0,
    });
    expect(draft.citations.map((c: { id: string }) => c.id)).toEqual(citations.map((c) => c.id));
    expect(draft.citations[0]).toHaveProperty('doc_path');
  });

  it('leaves out the cited passages its document no longer holds, and counts them', async () => {
    const s = await scene();
    const citations = await sendReply(s);
    const [gone, ...kept] = citations;
    // A re-index that changed the passage's text deletes its row.
    await ctx.db.delete(documentPassages).where(eq(documentPassages.id, gone?.id ?? ''));
    const draft = await json(await fromMessage(s));
    expect(draft.citations.map((c: { id: string }) => c.id)).toEqual(kept.map((c) => c.id));
    expect(draft.citations_gone).toBe(1);
  });

  it('refuses a message whose reply was not sent, and another organisation’s message (404)', async () => {
    const s = await scene();
    await generateThroughRoute(ctx, s.director.cookie, s.messageId);
    const unsent = await fromMessage(s);
    expect(unsent.status).toBe(404);
    expect((await json(unsent)).error.message).toBe('This message has no reply that was approved and sent.');

    const other = await scene();
    await sendReply(other);
    expect((await fromMessage(s, other.messageId)).status).toBe(404);
  });

  it('saves the edited answer with the passages the author kept, recording the reply it came from, audited', async () => {
    const s = await scene();
    await sendReply(s);
    const draft = await json(await fromMessage(s));
    const res = await saveAnswer(s, {
      ...draft,
      answer: `${draft.answer} Distributions are paid within 30 days of the quarter end.`,
      passage_ids: [s.feeId],
    });
    expect(res.status).toBe(201);
    const saved = await json(res);
    expect(saved).toMatchObject({
      source_message_id: s.messageId,
      citations: [{ id: s.feeId, text: FEE_PASSAGE }],
      status: 'live',
    });
    const audits = await ctx.db
      .select({ entityId: auditLogs.entityId, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, s.orgId), eq(auditLogs.actionType, 'library_answer_created')));
    expect(audits).toEqual([
      {
        entityId: saved.id,
        details: expect.objectContaining({ from_message_id: s.messageId, citations: [s.feeId] }),
      },
    ]);
  });

  it('refuses to save from a message whose reply was not sent, even with picked passages, and stores nothing', async () => {
    const s = await scene();
    await generateThroughRoute(ctx, s.director.cookie, s.messageId);
    const res = await saveAnswer(s, {
      title: 'Q3 distribution',
      question: 'How much was the distribution?',
      answer: ANSWER,
      project_id: s.projectId,
      source_message_id: s.messageId,
      passage_ids: [s.distributionId],
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toHaveProperty('from_message_id');
    const list = await json(
      await ctx.request('GET', '/api/compliance/library', { cookie: s.director.cookie }),
    );
    expect(list.counts.all).toBe(0);
  });
});
