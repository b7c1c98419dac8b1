import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertDocumentWith, insertProject } from '../../../test/factories';
import { insertSentMail } from '../../../test/sent-reply';
import { createTestContext, json } from '../../../test/test-app';
import { aiResponses, investorMessages } from '../../db/schema';

/**
 * The fund's Disclosures ledger through the real routes (docs/decisions/053-non-public-documents.md):
 * the replies approved and sent, to whom, by whom, what they cited and whether that is non-public now.
 */

const ctx = await createTestContext();

const LETTER = 'Q4 2025 distribution: the Fund will pay $0.1600 per unit on 15 February 2026.';
const FACTS = 'The Fund holds 12 properties.';
const REASON = 'Agreed with compliance: the Q4 letter goes to every investor this afternoon.';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Entry = {
  response_id: string;
  message_id: string;
  approved_at: string;
  approved_by_name: string | null;
  investor_name: string;
  investor_email: string;
  subject: string;
  sent_over_disclosure_flag: boolean;
  override_reason: string | null;
  citations: {
    n: number;
    passage_id: string | null;
    document_id: string | null;
    document_name: string;
    page: number | null;
    text: string | null;
    document_non_public: boolean;
    passage_non_public: boolean;
  }[];
};

/** A director and an associate, a fund with a draft letter and a fact sheet. */
async function fundScene() {
  const associate = await ctx.signInAs('ir_associate');
  const director = await ctx.signInAs('ir_director', associate.orgId);
  const { orgId } = associate;
  const projectId = await insertProject(ctx.db, { orgId });
  const letter = await insertDocumentWith(ctx.db, {
    orgId,
    projectId,
    fileName: 'Q4 Letter (draft).pdf',
    texts: [LETTER],
  });
  const facts = await insertDocumentWith(ctx.db, {
    orgId,
    projectId,
    fileName: 'Fact Sheet.md',
    texts: [FACTS],
  });
  const list = async (query = '', cookie = associate.cookie) => {
    const res = await ctx.request(
      'GET',
      `/api/projects/${projectId}/disclosures${query ? `?${query}` : ''}`,
      {
        cookie,
      },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json(res)) as { items: Entry[]; next_cursor: string | null };
  };
  return { associate, director, orgId, projectId, letter, facts, list };
}

/** A message of the fund and its first version, citing the letter's passage and the fact sheet's. */
async function messageCiting(
  s: Awaited<ReturnType<typeof fundScene>>,
  investor: { name: string; email: string },
) {
  const [message] = await ctx.db
    .insert(investorMessages)
    .values({
      orgId: s.orgId,
      projectId: s.projectId,
      investorName: investor.name,
      investorEmail: investor.email,
      subject: 'Q4 distribution',
      bodyText: 'Hello, what will the Q4 distribution be?',
      createdAt: ctx.clock.now(),
    })
    .returning({ id: investorMessages.id });
  if (!message) throw new Error('no message');
  const text =
    'Dear Jane,\n\nThe Fund will pay $0.1600 per unit on 15 February 2026 [1]. It holds 12 properties [2].\n\nKind regards';
  const citations = [
    {
      id: s.letter.passageIds[0] as string,
      doc_path: 'Q4 Letter (draft).pdf#page=1',
      relevance: 1,
      text: LETTER,
      document_id: s.letter.documentId,
    },
    // An older citation: no text or document kept, traced through its passage.
    { id: s.facts.passageIds[0] as string, doc_path: 'Fact Sheet.md#page=1', relevance: 0.5 },
  ];
  await ctx.db.insert(aiResponses).values({
    orgId: s.orgId,
    messageId: message.id,
    projectId: s.projectId,
    versionNumber: 1,
    source: 'generated',
    aiDraft: text,
    citations,
    provenance: { drafter: 'test', model: null, prompt_hash: null, passages: [] },
    createdBy: s.associate.userId,
    createdAt: ctx.clock.now(),
  });
  return { messageId: message.id, text, citations };
}

/** A version written as approved and e-mailed at `approvedAt`, without going through the approval. */
async function insertSentReply(
  s: Awaited<ReturnType<typeof fundScene>>,
  investor: { name: string; email: string },
  approvedAt: Date,
) {
  const { messageId, text } = await messageCiting(s, investor);
  const mailId = await insertSentMail(ctx.db, {
    orgId: s.orgId,
    email: investor.email,
    text,
    status: 'stored',
  });
  await ctx.db
    .update(aiResponses)
    .set({
      finalResponse: text,
      approvedAt,
      approvedBy: s.director.userId,
      approvedTextSha256: sha256(text),
      sentEmailId: mailId,
      complianceFlags: [],
    })
    .where(eq(aiResponses.messageId, messageId));
  return messageId;
}

describe("a fund's Disclosures ledger", () => {
  it('lists a reply sent over a selective-disclosure flag with its investor, approver and citations', async () => {
    const s = await fundScene();
    const email = 'jane.q4@investor.test';
    const { messageId, text } = await messageCiting(s, { name: 'Jane Investor', email });
    const mark = await ctx.request(
      'PUT',
      `/api/projects/${s.projectId}/documents/${s.letter.documentId}/passages/${s.letter.passageIds[0]}/disclosure`,
      { cookie: s.director.cookie, body: { non_public: true } },
    );
    expect(mark.status).toBe(200);
    expect((await s.list()).items).toEqual([]);

    const approve = await ctx.request('POST', `/api/messages/${messageId}/approve`, {
      cookie: s.director.cookie,
      body: { version: 1, text_sha256: sha256(text), override_reason: REASON },
    });
    expect(approve.status, await approve.clone().text()).toBe(200);

    const analyst = await ctx.signInAs('is_associate', s.orgId);
    const [entry] = (await s.list('', analyst.cookie)).items;
    expect(entry).toMatchObject({
      message_id: messageId,
      investor_name: 'Jane Investor',
      investor_email: email,
      subject: 'Q4 distribution',
      approved_by_name: expect.any(String),
      sent_over_disclosure_flag: true,
      override_reason: REASON,
      citations: [
        {
          n: 1,
          passage_id: s.letter.passageIds[0],
          document_id: s.letter.documentId,
          document_name: 'Q4 Letter (draft).pdf',
          page: 1,
          text: LETTER,
          document_non_public: false,
          passage_non_public: true,
        },
        {
          n: 2,
          passage_id: s.facts.passageIds[0],
          document_id: s.facts.documentId,
          document_name: 'Fact Sheet.md',
          page: 1,
          text: null,
          document_non_public: false,
          passage_non_public: false,
        },
      ],
    });

    // Marked public: the ledger says so from then on; what was sent stays as it was.
    await ctx.request(
      'PUT',
      `/api/projects/${s.projectId}/documents/${s.letter.documentId}/passages/${s.letter.passageIds[0]}/disclosure`,
      { cookie: s.director.cookie, body: { non_public: false } },
    );
    await ctx.request('PUT', `/api/projects/${s.projectId}/documents/${s.facts.documentId}/disclosure`, {
      cookie: s.director.cookie,
      body: { non_public: true },
    });
    const [after] = (await s.list()).items;
    expect(after?.sent_over_disclosure_flag).toBe(true);
    expect(after?.citations.map((c) => [c.passage_non_public, c.document_non_public])).toEqual([
      [false, false],
      [false, true],
    ]);
  });

  it('pages newest approval first and searches investor names and e-mails', async () => {
    const s = await fundScene();
    const base = ctx.clock.now().getTime();
    const investors = [
      { name: 'Alice Avery', email: 'alice@pension.test' },
      { name: 'Bob Brown', email: 'bob@family-office.test' },
      { name: 'Carol 100%_Cole', email: 'carol@pension.test' },
    ];
    for (const [i, investor] of investors.entries()) {
      await insertSentReply(s, investor, new Date(base - (investors.length - i) * 60_000));
    }
    // A draft never sent is not a disclosure.
    await messageCiting(s, { name: 'Dan Draft', email: 'dan@pension.test' });

    const first = await s.list('limit=2');
    expect(first.items.map((e) => e.investor_name)).toEqual(['Carol 100%_Cole', 'Bob Brown']);
    expect(first.next_cursor).not.toBeNull();
    const second = await s.list(`limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((e) => e.investor_name)).toEqual(['Alice Avery']);
    expect(second.next_cursor).toBeNull();

    expect((await s.list('q=PENSION')).items.map((e) => e.investor_name)).toEqual([
      'Carol 100%_Cole',
      'Alice Avery',
    ]);
    expect((await s.list('q=bob')).items.map((e) => e.investor_email)).toEqual(['bob@family-office.test']);
    // The user's % and _ are matched literally.
    expect((await s.list(`q=${encodeURIComponent('0%_')}`)).items.map((e) => e.investor_name)).toEqual([
      'Carol 100%_Cole',
    ]);
    expect((await s.list('q=dan')).items).toEqual([]);

    // Another fund of the same organisation lists nothing of this one.
    const otherFund = await insertProject(ctx.db, { orgId: s.orgId });
    const other = await ctx.request('GET', `/api/projects/${otherFund}/disclosures`, {
      cookie: s.associate.cookie,
    });
    expect((await json(other)).items).toEqual([]);
  });

  it("is guarded, validates its query and refuses another organisation's fund", async () => {
    const s = await fundScene();
    await ctx.expectGuarded('GET', `/api/projects/${s.projectId}/disclosures`, 'workspace.read');
    expect((await ctx.request('GET', `/api/projects/${s.projectId}/disclosures`)).status).toBe(401);
    const stranger = await ctx.signInAs('admin');
    const res = await ctx.request('GET', `/api/projects/${s.projectId}/disclosures`, {
      cookie: stranger.cookie,
    });
    expect(res.status).toBe(404);
    expect(
      (await ctx.request('GET', `/api/projects/${SOME_ID}/disclosures`, { cookie: s.associate.cookie }))
        .status,
    ).toBe(404);
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['cursor=zzz', 'cursor'],
      [`q=${'x'.repeat(255)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const bad = await ctx.request('GET', `/api/projects/${s.projectId}/disclosures?${query}`, {
        cookie: s.associate.cookie,
      });
      expect(bad.status, query).toBe(400);
      expect(Object.keys((await json(bad)).error.fields)).toEqual([field]);
    }
    const badId = await ctx.request('GET', '/api/projects/nope/disclosures', { cookie: s.associate.cookie });
    expect(badId.status).toBe(400);
    expect((await json(badId)).error.fields).toHaveProperty('id');
  });
});
