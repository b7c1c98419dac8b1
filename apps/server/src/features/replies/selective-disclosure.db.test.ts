import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertDocumentWith, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import {
  aiResponses,
  auditLogs,
  documentPassages,
  investorMessages,
  projectDocuments,
} from '../../db/schema';

const ctx = await createTestContext();

const LETTER = 'Q4 2025 distribution: the Fund will pay $0.1600 per unit on 15 February 2026.';
const DAY_MS = 24 * 3_600_000;

type Flag = { rule: string; severity: string; term: string; start: number; end: number; rationale?: string };

/**
 * A director and an associate of one organisation, a fund with a letter not yet sent to all investors,
 * and a message whose first version cites it (as a drafter leaves it, with the citation's document).
 */
async function scene() {
  const associate = await ctx.signInAs('ir_associate');
  const director = await ctx.signInAs('ir_director', associate.orgId);
  const { orgId } = associate;
  const projectId = await insertProject(ctx.db, { orgId });
  const doc = await insertDocumentWith(ctx.db, {
    orgId,
    projectId,
    fileName: 'Q4 Letter (draft).pdf',
    texts: [LETTER],
  });
  const passage = { id: doc.passageIds[0] as string };
  const [message] = await ctx.db
    .insert(investorMessages)
    .values({
      orgId,
      projectId,
      investorName: 'Jane Investor',
      investorEmail: 'jane@example.com',
      subject: 'Q4 distribution',
      bodyText: 'Hello, what will the Q4 distribution be?',
      createdAt: ctx.clock.now(),
    })
    .returning({ id: investorMessages.id });
  if (!message) throw new Error('no message');
  const text =
    'Dear Jane,\n\nThank you for your message. The Fund will pay $0.1600 per unit on 15 February 2026 [1].\n\nKind regards';
  await ctx.db.insert(aiResponses).values({
    orgId,
    messageId: message.id,
    versionNumber: 1,
    source: 'generated',
    aiDraft: text,
    citations: [
      {
        id: passage.id,
        doc_path: 'Q4 Letter (draft).pdf#page=1',
        relevance: 1,
        text: LETTER,
        document_id: doc.documentId,
      },
    ],
    provenance: { drafter: 'test', model: null, prompt_hash: null, passages: [] },
    createdBy: associate.userId,
    createdAt: ctx.clock.now(),
  });
  const disclose = (cookie: string, body: unknown) =>
    ctx.request('PUT', `/api/projects/${projectId}/documents/${doc.documentId}/disclosure`, { cookie, body });
  const disclosePassage = (cookie: string, body: unknown, passageId = passage.id) =>
    ctx.request(
      'PUT',
      `/api/projects/${projectId}/documents/${doc.documentId}/passages/${passageId}/disclosure`,
      { cookie, body },
    );
  const check = async () => {
    const res = await ctx.request('POST', `/api/messages/${message.id}/drafts/1/check`, {
      cookie: associate.cookie,
    });
    expect(res.status).toBe(200);
    const body = (await json(res)) as { flags: Flag[]; requires_approval: boolean };
    return { ...body, disclosure: body.flags.filter((f) => f.rule === 'selective_disclosure') };
  };
  return {
    associate,
    director,
    orgId,
    projectId,
    documentId: doc.documentId,
    passageId: passage.id,
    text,
    disclose,
    disclosePassage,
    check,
  };
}

describe('non-public documents and selective disclosure (docs/decisions/053-non-public-documents.md)', () => {
  it('flags a sentence citing a non-public document as high, and stops once it is marked public', async () => {
    const s = await scene();
    expect((await s.check()).disclosure).toEqual([]);

    const marked = await s.disclose(s.director.cookie, { non_public: true });
    expect(marked.status).toBe(200);
    expect(await json(marked)).toMatchObject({ id: s.documentId, non_public: true, public_from: null });

    const flagged = await s.check();
    expect(flagged.requires_approval).toBe(true);
    expect(flagged.disclosure).toHaveLength(1);
    const [flag] = flagged.disclosure as [Flag];
    expect(flag).toMatchObject({
      severity: 'high',
      term: 'Q4 Letter (draft).pdf',
      rationale: 'Cites “Q4 Letter (draft).pdf”, marked non-public',
    });
    expect(s.text.slice(flag.start, flag.end)).toBe(
      'The Fund will pay $0.1600 per unit on 15 February 2026 [1].',
    );

    expect((await s.disclose(s.director.cookie, { non_public: false })).status).toBe(200);
    expect((await s.check()).disclosure).toEqual([]);

    const audited = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.actionType, 'document_disclosure_changed'));
    expect(audited.map((a) => a.details).filter((d) => (d as { project_id: string }).project_id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file_name: 'Q4 Letter (draft).pdf',
          before: { non_public: false, public_from: null },
          after: { non_public: true, public_from: null },
        }),
        expect.objectContaining({
          before: { non_public: true, public_from: null },
          after: { non_public: false, public_from: null },
        }),
      ]),
    );
  });

  it('treats a document as public from its date on', async () => {
    const s = await scene();
    const future = new Date(Date.now() + 30 * DAY_MS).toISOString();
    expect((await s.disclose(s.director.cookie, { non_public: true, public_from: future })).status).toBe(200);
    expect((await s.check()).disclosure).toHaveLength(1);
    const past = new Date(Date.now() - DAY_MS).toISOString();
    const res = await s.disclose(s.director.cookie, { non_public: true, public_from: past });
    expect((await json(res)).public_from).toBe(past);
    expect((await s.check()).disclosure).toEqual([]);
  });

  it('is for directors and admins, validates its input and keeps to the organisation', async () => {
    const s = await scene();
    expect((await s.disclose(s.associate.cookie, { non_public: true })).status).toBe(403);
    const cases: [unknown, string][] = [
      [{ non_public: 'yes' }, 'non_public'],
      [{ non_public: false, public_from: '2027-01-15T08:00:00Z' }, 'public_from'],
      [{ non_public: true, public_from: 'next week' }, 'public_from'],
    ];
    for (const [body, field] of cases) {
      const res = await s.disclose(s.director.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty(field);
    }
    const stranger = await ctx.signInAs('ir_director');
    expect((await s.disclose(stranger.cookie, { non_public: true })).status).toBe(404);
    const [row] = await ctx.db
      .select({ nonPublic: projectDocuments.nonPublic })
      .from(projectDocuments)
      .where(eq(projectDocuments.id, s.documentId));
    expect(row?.nonPublic).toBe(false);
  });
});

describe('non-public passages (docs/decisions/053-non-public-documents.md)', () => {
  it('flags a sentence citing a non-public passage as high, and stops once it is marked public', async () => {
    const s = await scene();
    const marked = await s.disclosePassage(s.director.cookie, { non_public: true });
    expect(marked.status).toBe(200);
    expect(await json(marked)).toMatchObject({
      id: s.passageId,
      document_id: s.documentId,
      page: 1,
      ordinal: 0,
      non_public: true,
      public_from: null,
    });

    const flagged = await s.check();
    expect(flagged.requires_approval).toBe(true);
    expect(flagged.disclosure).toEqual([
      expect.objectContaining({
        severity: 'high',
        term: 'Q4 Letter (draft).pdf, page 1',
        rationale: 'Cites “Q4 Letter (draft).pdf, page 1”, marked non-public',
      }),
    ]);

    expect((await s.disclosePassage(s.director.cookie, { non_public: false })).status).toBe(200);
    expect((await s.check()).disclosure).toEqual([]);

    const audited = await ctx.db
      .select({ details: auditLogs.details, entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, s.orgId), eq(auditLogs.actionType, 'passage_disclosure_changed')));
    expect(audited).toEqual(
      expect.arrayContaining([
        {
          entityId: s.passageId,
          details: expect.objectContaining({
            project_id: s.projectId,
            document_id: s.documentId,
            file_name: 'Q4 Letter (draft).pdf',
            before: { non_public: false, public_from: null },
            after: { non_public: true, public_from: null },
          }),
        },
        {
          entityId: s.passageId,
          details: expect.objectContaining({
            before: { non_public: true, public_from: null },
            after: { non_public: false, public_from: null },
          }),
        },
      ]),
    );
  });

  it('treats a passage as public from its date on, and names the document when both are marked', async () => {
    const s = await scene();
    const future = new Date(Date.now() + 30 * DAY_MS).toISOString();
    expect(
      (await s.disclosePassage(s.director.cookie, { non_public: true, public_from: future })).status,
    ).toBe(200);
    expect((await s.check()).disclosure).toHaveLength(1);
    const past = new Date(Date.now() - DAY_MS).toISOString();
    const res = await s.disclosePassage(s.director.cookie, { non_public: true, public_from: past });
    expect((await json(res)).public_from).toBe(past);
    expect((await s.check()).disclosure).toEqual([]);

    // The document's own mark still counts whatever its passages say.
    expect((await s.disclose(s.director.cookie, { non_public: true })).status).toBe(200);
    expect((await s.check()).disclosure).toEqual([
      expect.objectContaining({ term: 'Q4 Letter (draft).pdf', severity: 'high' }),
    ]);
  });

  it('is for directors and admins, validates its input and keeps to the organisation and document', async () => {
    const s = await scene();
    await ctx.expectGuarded(
      'PUT',
      `/api/projects/${s.projectId}/documents/${s.documentId}/passages/${s.passageId}/disclosure`,
      'projects.manage',
      { non_public: true },
    );
    expect((await s.disclosePassage(s.associate.cookie, { non_public: true })).status).toBe(403);
    const cases: [unknown, string][] = [
      [{}, 'non_public'],
      [{ non_public: 'yes' }, 'non_public'],
      [{ non_public: false, public_from: '2027-01-15T08:00:00Z' }, 'public_from'],
      [{ non_public: true, public_from: 'next week' }, 'public_from'],
    ];
    for (const [body, field] of cases) {
      const res = await s.disclosePassage(s.director.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty(field);
    }
    const bad = await s.disclosePassage(s.director.cookie, { non_public: true }, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toHaveProperty('passageId');

    const stranger = await ctx.signInAs('ir_director');
    expect((await s.disclosePassage(stranger.cookie, { non_public: true })).status).toBe(404);
    // A passage of another document of the same fund is not this document's.
    const other = await insertDocumentWith(ctx.db, {
      orgId: s.orgId,
      projectId: s.projectId,
      fileName: 'Other.pdf',
      texts: ['Other text.'],
    });
    expect(
      (await s.disclosePassage(s.director.cookie, { non_public: true }, other.passageIds[0] as string))
        .status,
    ).toBe(404);
    const [row] = await ctx.db
      .select({ nonPublic: documentPassages.nonPublic })
      .from(documentPassages)
      .where(eq(documentPassages.id, s.passageId));
    expect(row?.nonPublic).toBe(false);
  });

  it("lists a document's passages in order, a page at a time, with their marks", async () => {
    const s = await scene();
    const texts = ['First.', 'Second.', 'Third.'];
    const doc = await insertDocumentWith(ctx.db, {
      orgId: s.orgId,
      projectId: s.projectId,
      fileName: 'Three.pdf',
      texts,
    });
    const url = `/api/projects/${s.projectId}/documents/${doc.documentId}/passages`;
    await ctx.expectGuarded('GET', url, 'workspace.read');
    const analyst = await ctx.signInAs('is_associate', s.orgId);
    const first = await ctx.request('GET', `${url}?limit=2`, { cookie: analyst.cookie });
    expect(first.status).toBe(200);
    const page1 = await json(first);
    expect(page1.items.map((p: { text: string }) => p.text)).toEqual(['First.', 'Second.']);
    expect(page1.items[0]).toMatchObject({ page: 1, ordinal: 0, non_public: false, public_from: null });
    const second = await json(
      await ctx.request('GET', `${url}?limit=2&cursor=${page1.next_cursor}`, { cookie: analyst.cookie }),
    );
    expect(second.items.map((p: { text: string }) => p.text)).toEqual(['Third.']);
    expect(second.next_cursor).toBeNull();

    for (const query of ['limit=0', 'limit=101', 'cursor=zzz']) {
      const res = await ctx.request('GET', `${url}?${query}`, { cookie: analyst.cookie });
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toEqual([query.split('=')[0]]);
    }
    const stranger = await ctx.signInAs('ir_director');
    expect((await ctx.request('GET', url, { cookie: stranger.cookie })).status).toBe(404);
  });
});
