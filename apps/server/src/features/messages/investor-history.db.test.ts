import { createHash } from 'node:crypto';
import {
  INVESTOR_HISTORY_COUNT_CAP,
  INVESTOR_HISTORY_LIMIT,
  type InvestorHistoryResponse,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { insertMessage, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { investorMessages } from '../../db/schema';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Member = { cookie: string; orgId: string };

async function history(member: Member, messageId: string): Promise<InvestorHistoryResponse> {
  const res = await ctx.request('GET', `/api/messages/${messageId}/investor`, { cookie: member.cookie });
  expect(res.status, 'investor history').toBe(200);
  return (await json(res)) as InvestorHistoryResponse;
}

/** A message of the investor written `hoursAgo` before the test clock's now. */
function messageOf(orgId: string, email: string, subject: string, hoursAgo: number, projectId?: string) {
  return insertMessage(ctx.db, {
    orgId,
    projectId: projectId ?? null,
    investorEmail: email,
    subject,
    createdAt: new Date(ctx.clock.now().getTime() - hoursAgo * HOUR),
  });
}

/** Saves a reply and has the director approve and send it, as the thread does. */
async function sendReply(associate: Member, director: Member, messageId: string, text: string) {
  const saved = await ctx.request('POST', `/api/messages/${messageId}/drafts`, {
    cookie: associate.cookie,
    body: { text, based_on_version: 0 },
  });
  expect(saved.status, 'save draft').toBe(201);
  const version = (await json(saved)).version as number;
  const approved = await ctx.request('POST', `/api/messages/${messageId}/approve`, {
    cookie: director.cookie,
    body: { version, text_sha256: sha256(text) },
  });
  expect(approved.status, 'approve').toBe(200);
  return version;
}

describe('GET /api/messages/:id/investor', () => {
  it('is guarded like reading the message', async () => {
    await ctx.expectGuarded('GET', `/api/messages/${SOME_ID}/investor`, 'workspace.read');
  });

  it("lists the investor's other messages of the organisation, newest first, never another organisation's", async () => {
    const analyst = await ctx.signInAs('is_associate');
    const orgId = analyst.orgId;
    const email = `ada.${Date.now()}@investor.test`;
    const current = await messageOf(orgId, email, 'This thread', 1);
    const older = await messageOf(orgId, email, 'Older question', 48);
    // The same person, typed in capitals on another message.
    const newer = await messageOf(orgId, email.toUpperCase(), 'Newer question', 2);
    await messageOf(orgId, `someone.else.${Date.now()}@investor.test`, 'Another investor', 3);
    const elsewhere = await ctx.createOrg();
    await messageOf(elsewhere, email, 'Another organisation', 0);

    const body = await history(analyst, current);
    expect(body.messages.map((m) => m.id)).toEqual([newer, older]);
    expect(body.messages.map((m) => m.subject)).not.toContain('Another organisation');
    expect(body.total).toBe(2);
    expect(body.total_is_capped).toBe(false);
    expect(body.messages[0]).toMatchObject({ status: 'open', last_reply: null, project_name: null });
    // The thread's own message, an hour ago, is the last contact: the other organisation's is not.
    expect(body.last_contact).toEqual({
      at: new Date(ctx.clock.now().getTime() - HOUR).toISOString(),
      kind: 'message_received',
    });
  });

  it('answers 404 for a message of another organisation', async () => {
    const director = await ctx.signInAs('ir_director');
    const other = await ctx.signInAs('ir_director');
    const theirs = await messageOf(other.orgId, 'bea@investor.test', 'Theirs', 1);
    const res = await ctx.request('GET', `/api/messages/${theirs}/investor`, { cookie: director.cookie });
    expect(res.status).toBe(404);
  });

  it('shows at most 10, newest first, and counts the rest up to the cap', async () => {
    const associate = await ctx.signInAs('ir_associate');
    const email = `many.${Date.now()}@investor.test`;
    const current = await messageOf(associate.orgId, email, 'This thread', 0);
    // One statement, as an import writes them.
    await ctx.db.insert(investorMessages).values(
      Array.from({ length: INVESTOR_HISTORY_COUNT_CAP + 5 }, (_, i) => ({
        orgId: associate.orgId,
        investorName: 'Many Questions',
        investorEmail: email,
        subject: `Question ${i}`,
        bodyText: 'Another question',
        createdAt: new Date(ctx.clock.now().getTime() - (i + 1) * HOUR),
      })),
    );
    const body = await history(associate, current);
    expect(body.messages).toHaveLength(INVESTOR_HISTORY_LIMIT);
    expect(body.messages.map((m) => m.subject).slice(0, 3)).toEqual([
      'Question 0',
      'Question 1',
      'Question 2',
    ]);
    expect(body.messages.map((m) => m.id)).not.toContain(current);
    expect(body.total).toBe(INVESTOR_HISTORY_COUNT_CAP);
    expect(body.total_is_capped).toBe(true);
  });

  it('gives each message the reply last sent and who approved it, and the last contact a sent reply', async () => {
    const director = await ctx.signInAs('ir_director');
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    const fund = await insertProject(ctx.db, { orgId: director.orgId, name: `Fund Panel ${Date.now()}` });
    const email = `cleo.${Date.now()}@investor.test`;
    const answered = await messageOf(director.orgId, email, 'Answered question', 5, fund);
    const current = await messageOf(director.orgId, email, 'This thread', 4, fund);
    ctx.clock.advance(60_000);
    const version = await sendReply(
      associate,
      director,
      answered,
      'Dear Cleo,\n\nThank you for your question. We will write again with the figures.\n\nKind regards,\nSam',
    );
    const sentAt = ctx.clock.now().toISOString();

    const body = await history(associate, current);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({
      id: answered,
      project_name: expect.stringMatching(/^Fund Panel/),
      status: 'resolved',
      // factories.ts names a member after its role.
      last_reply: { version, approved_by_name: 'Test ir_director', sent_at: sentAt },
    });
    expect(body.last_contact).toEqual({ at: sentAt, kind: 'reply_sent' });
  });
});
