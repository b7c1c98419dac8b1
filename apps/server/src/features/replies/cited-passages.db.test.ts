import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Citation, DraftVersion } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backdateDocument, buildMessageInput } from '../../../test/factories';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import { aiResponses, documentPassages } from '../../db/schema';

// docs/api.md, citations: a version keeps the passage text it cited and returns it, with its document
// and the supporting words, after the document is re-indexed or deleted.

const ctx = await createTestContext({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-citations-')) });

const NOTICE =
  'Distribution notice. The Fund paid a quarterly distribution of $0.42 per unit on 15 October 2025 to unitholders of record.';
const UNRELATED =
  'Our team met the property managers in July to review the leasing plan for the coming year.';
/** Indexing keeps short paragraphs of a page together: the notice is one passage. */
const PASSAGE = `${NOTICE}\n\n${UNRELATED}`;

/** An admin's fund with one uploaded notice, and an investor's question about it. */
async function scene() {
  const admin = await ctx.signInAs('admin');
  const fundRes = await ctx.request('POST', '/api/projects', {
    cookie: admin.cookie,
    body: { name: `Fund ${Date.now()} ${Math.random()}`, fund_type: 'Core Real Estate' },
  });
  expect(fundRes.status).toBe(201);
  const fund = (await json(fundRes)) as { id: string };
  const form = new FormData();
  form.append('file', new File([Buffer.from(PASSAGE)], 'notice.txt', { type: 'text/plain' }));
  const uploaded = await ctx.app.request(`${TEST_ORIGIN}/api/projects/${fund.id}/documents`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const doc = (await json(uploaded)) as { id: string; status: string };
  expect(doc.status).toBe('indexed');
  const messageRes = await ctx.request('POST', '/api/messages', {
    cookie: admin.cookie,
    body: buildMessageInput({
      project_id: fund.id,
      subject: 'Quarterly distribution',
      body_text: 'Hello, how much was the quarterly distribution per unit and when was it paid?',
    }),
  });
  expect(messageRes.status).toBe(201);
  const message = (await json(messageRes)) as { id: string };
  return { ...admin, fundId: fund.id, documentId: doc.id, messageId: message.id };
}

async function generate(cookie: string, messageId: string): Promise<DraftVersion> {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/generate`, { cookie });
  expect(res.status).toBe(201);
  return (await res.json()) as DraftVersion;
}

async function version(cookie: string, messageId: string, n: number): Promise<DraftVersion> {
  const res = await ctx.request('GET', `/api/messages/${messageId}/drafts/${n}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as DraftVersion;
}

/** The notice's citation and its number in the draft. */
function noticeCitation(draft: DraftVersion): { citation: Citation; n: number } {
  const index = draft.citations.findIndex(
    (c) => c.document.file_name === 'notice.txt' && c.text?.includes('$0.42'),
  );
  expect(index, 'the draft cites the notice').toBeGreaterThanOrEqual(0);
  return { citation: draft.citations[index] as Citation, n: index + 1 };
}

const highlighted = (c: Citation) => c.highlights.map((h) => (c.text ?? '').slice(h.start, h.end));

describe('a citation shows the passage it cited', () => {
  it('carries the passage text, its document and the words the citing sentences share with it', async () => {
    const user = await scene();
    const draft = await generate(user.cookie, user.messageId);
    const { citation, n } = noticeCitation(draft);
    expect(citation).toMatchObject({
      text: PASSAGE,
      text_source: 'cited',
      document: { file_name: 'notice.txt', id: user.documentId, project_id: user.fundId },
    });
    expect(draft.draftText).toContain(`[${n}]`);
    expect(draft.draftText).toContain('0.42');
    const words = highlighted(citation);
    expect(words.join(' ')).toContain('0.42');
    expect(words.join(' ').toLowerCase()).toContain('distribution');
    expect(words.join(' ').toLowerCase()).not.toContain('leasing');
    // Only what the draft's sentences citing it say: the passage's other words stay plain.
    const citing = draft.draftText
      .split(/\n|(?<=[.!?](?:\s*\[\d+\])*)\s+/)
      .filter((s) => s.includes(`[${n}]`))
      .join(' ')
      .toLowerCase();
    for (const word of words.flatMap((w) => w.toLowerCase().split(/\s+/))) {
      expect(citing, `'${word}' is in a sentence citing [${n}]`).toContain(word.slice(0, 6));
    }
    const stored = await ctx.db
      .select({ citations: aiResponses.citations })
      .from(aiResponses)
      .where(eq(aiResponses.id, draft.draftId));
    expect(stored[0]?.citations[n - 1]).toMatchObject({ text: PASSAGE, document_id: user.documentId });
  });

  it('keeps what it cited after the document is re-indexed, and after it is deleted', async () => {
    const user = await scene();
    const draft = await generate(user.cookie, user.messageId);
    const { citation, n } = noticeCitation(draft);

    const reindexed = await ctx.request(
      'POST',
      `/api/projects/${user.fundId}/documents/${user.documentId}/reindex`,
      { cookie: user.cookie },
    );
    expect(reindexed.status).toBe(200);
    const afterReindex = (await version(user.cookie, user.messageId, draft.version)).citations[n - 1];
    expect(afterReindex).toEqual(citation);
    // An unchanged passage keeps its row on re-index (docs/decisions/028-answer-library.md); when the
    // indexed text changes, the version still shows what it cited.
    await ctx.db
      .update(documentPassages)
      .set({ text: 'The distribution was changed later.' })
      .where(eq(documentPassages.id, citation.id));
    const afterChange = (await version(user.cookie, user.messageId, draft.version)).citations[n - 1];
    expect(afterChange).toEqual(citation);

    // Past the retention period, so the document may go (docs/decisions/030-data-retention.md).
    await backdateDocument(ctx.db, user.documentId, ctx.clock.now());
    const deleted = await ctx.request('DELETE', `/api/projects/${user.fundId}/documents/${user.documentId}`, {
      cookie: user.cookie,
    });
    expect(deleted.status).toBe(200);
    const afterDelete = (await version(user.cookie, user.messageId, draft.version)).citations[n - 1];
    expect(afterDelete).toEqual({
      ...citation,
      document: { ...citation.document, id: null, project_id: null },
    });
  });

  it('lets an edit keep its base’s passages, with the supporting words of its own sentences', async () => {
    const user = await scene();
    const draft = await generate(user.cookie, user.messageId);
    const { citation, n } = noticeCitation(draft);
    const withoutMarker = draft.draftText.replaceAll(`[${n}]`, '');
    const res = await ctx.request('POST', `/api/messages/${user.messageId}/drafts`, {
      cookie: user.cookie,
      body: { text: withoutMarker, based_on_version: draft.version },
    });
    expect(res.status).toBe(201);
    const edited = (await res.json()) as DraftVersion;
    expect(edited.citations[n - 1]).toEqual({ ...citation, highlights: [] });
  });

  it('fills an older version’s passage text from the index while the passage exists, and says so', async () => {
    const user = await scene();
    const draft = await generate(user.cookie, user.messageId);
    const { citation, n } = noticeCitation(draft);
    // A version stored before citations kept their text and document.
    await ctx.db
      .update(aiResponses)
      .set({ citations: draft.citations.map(({ id, doc_path, relevance }) => ({ id, doc_path, relevance })) })
      .where(eq(aiResponses.id, draft.draftId));
    const older = (await version(user.cookie, user.messageId, draft.version)).citations[n - 1];
    expect(older).toEqual({ ...citation, text_source: 'current' });

    await backdateDocument(ctx.db, user.documentId, ctx.clock.now());
    await ctx.request('DELETE', `/api/projects/${user.fundId}/documents/${user.documentId}`, {
      cookie: user.cookie,
    });
    const gone = (await version(user.cookie, user.messageId, draft.version)).citations[n - 1];
    expect(gone).toEqual({
      id: citation.id,
      doc_path: citation.doc_path,
      relevance: citation.relevance,
      text: null,
      text_source: null,
      document: { file_name: 'notice.txt', page: null, id: null, project_id: null },
      highlights: [],
    });
  });
});
