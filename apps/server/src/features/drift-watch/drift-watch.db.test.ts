import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backdateDocument } from '../../../test/factories';
import { approveThroughRoute, generateThroughRoute, insertQuestion } from '../../../test/library-fixtures';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-drift-'));
const ctx = await createTestContext({ DATA_DIR: dataDir });
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

/**
 * A paragraph long enough (about 1,000 characters) to be a passage of its own when indexed, its filler
 * written from words of its own topic so that two paragraphs do not read alike.
 */
function paragraph(lead: string, words: readonly string[]): string {
  const filler = Array.from(
    { length: 16 },
    (_, i) => `${[...words.slice(i % words.length), ...words.slice(0, i % words.length)].join(' ')}.`,
  ).join(' ');
  return `${lead} ${filler}`;
}

const DISTRIBUTION_WORDS = [
  'payment',
  'record',
  'wire',
  'cash',
  'declared',
  'partner',
  'reinvestment',
  'bank',
];
const DISTRIBUTION = (amount: string) =>
  paragraph(
    `Fund Alpha paid a quarterly distribution of ${amount} per unit on 15 October 2025 to unitholders of record.`,
    DISTRIBUTION_WORDS,
  );
const FEES = paragraph('The management fee is 1.25% a year of net asset value, charged quarterly.', [
  'expense',
  'ratio',
  'waiver',
  'carried',
  'interest',
  'hurdle',
  'custody',
  'audit',
]);
const REDEMPTIONS = paragraph('Redemption requests need 90 days notice before the quarter end.', [
  'gate',
  'queue',
  'settlement',
  'liquidity',
  'window',
  'form',
  'signature',
  'transfer',
]);
const REWRITTEN = paragraph('Monthly payouts replace the old schedule from January 2026 onwards.', [
  'calendar',
  'frequency',
  'board',
  'approval',
  'timetable',
  'announcement',
  'change',
  'monthly',
]);

const documentText = (parts: string[]) => parts.join('\n\n');

function upload(cookie: string, projectId: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new File([Buffer.from(text)], name, { type: 'text/markdown' }));
  return ctx.app.request(`${TEST_ORIGIN}/api/projects/${projectId}/documents`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
}

/**
 * A director's fund with a fact sheet (distribution, fees, redemptions), a library answer and an unsent
 * draft citing its distribution passage, and a sent reply citing it too.
 */
async function scene() {
  const director = await ctx.signInAs('ir_director');
  const { orgId, cookie } = director;
  const fundRes = await ctx.request('POST', '/api/projects', {
    cookie,
    body: { name: `Fund ${SOME_ID.slice(0, 4)} ${Date.now()}`, fund_type: 'Core Real Estate' },
  });
  const fund = await json(fundRes);
  const docRes = await upload(
    cookie,
    fund.id,
    'fact-sheet.md',
    documentText([DISTRIBUTION('$0.42'), FEES, REDEMPTIONS]),
  );
  expect(docRes.status).toBe(201);
  const doc = await json(docRes);
  expect(doc).toMatchObject({ status: 'indexed', passage_count: 3 });

  const found = await json(
    await ctx.request(
      'GET',
      `/api/compliance/library/passages?project_id=${fund.id}&q=quarterly distribution per unit`,
      {
        cookie,
      },
    ),
  );
  const distributionPassage = found.items[0];
  expect(distributionPassage.text).toContain('$0.42');
  const answerRes = await ctx.request('POST', '/api/compliance/library', {
    cookie,
    body: {
      title: 'Last distribution',
      question: 'What was the last distribution per unit?',
      answer: 'The last quarterly distribution was $0.42 per unit, paid on 15 October 2025 [1].',
      project_id: fund.id,
      owner_id: director.userId,
      expires_at: new Date(ctx.clock.now().getTime() + 90 * DAY).toISOString(),
      passage_ids: [distributionPassage.id],
    },
  });
  expect(answerRes.status).toBe(201);
  const answer = await json(answerRes);

  const question = {
    subject: 'Distribution amount and date',
    body: 'Hello, how much was the quarterly distribution per unit, and on what date was it paid to unitholders? Also what fee do you charge?',
  };
  const unsentId = await insertQuestion(ctx, { orgId, projectId: fund.id, ...question });
  const unsent = await generateThroughRoute(ctx, cookie, unsentId);
  // The scene needs a draft that cites the distribution passage (written by the drafter, not the library).
  expect(unsent.provenance.drafter).not.toBe('library');
  expect(unsent.citations.map((c: { id: string }) => c.id)).toContain(distributionPassage.id);
  const sentId = await insertQuestion(ctx, { orgId, projectId: fund.id, ...question });
  const sent = await generateThroughRoute(ctx, cookie, sentId);
  expect(sent.citations.map((c: { id: string }) => c.id)).toContain(distributionPassage.id);
  await approveThroughRoute(ctx, cookie, sentId);

  /** Replaces the stored file (as a new upload of the same document would) and re-indexes it. */
  async function reindexWith(text: string) {
    writeFileSync(path.join(dataDir, 'documents', orgId, fund.id, doc.id), text);
    const res = await ctx.request('POST', `/api/projects/${fund.id}/documents/${doc.id}/reindex`, { cookie });
    expect(res.status).toBe(200);
    return json(res);
  }
  const queue = async () => json(await ctx.request('GET', '/api/compliance/review-items', { cookie }));
  return {
    director,
    orgId,
    cookie,
    fund,
    doc,
    distributionPassage,
    answer,
    unsentId,
    sentId,
    reindexWith,
    queue,
  };
}

const auditOf = (orgId: string, actionType: string) =>
  ctx.db
    .select({ entityId: auditLogs.entityId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, actionType)))
    // In the order they were written (a bare select's order is PostgreSQL's to choose).
    .orderBy(auditLogs.seq);

describe('who may read and clear the review queue', () => {
  it('lets the Reporting roles read it and those who keep the policy mark items reviewed', async () => {
    await ctx.expectGuarded('GET', '/api/compliance/review-items', 'reporting.read');
    await ctx.expectGuarded('POST', `/api/compliance/review-items/${SOME_ID}/review`, 'compliance.manage');
  });
});

describe('the drift watch', () => {
  it('adds nothing when a document is re-indexed unchanged, and keeps its passages’ ids', async () => {
    const s = await scene();
    await s.reindexWith(documentText([DISTRIBUTION('$0.42'), FEES, REDEMPTIONS]));
    expect(await s.queue()).toEqual({ items: [], next_cursor: null, total: 0 });
    const again = await json(
      await ctx.request(
        'GET',
        `/api/compliance/library/passages?project_id=${s.fund.id}&q=quarterly distribution`,
        {
          cookie: s.cookie,
        },
      ),
    );
    expect(again.items[0].id).toBe(s.distributionPassage.id);
    // A passage moved (another inserted before it) keeps its id too, and still needs no review.
    await s.reindexWith(documentText([REDEMPTIONS, DISTRIBUTION('$0.42'), FEES]));
    expect((await s.queue()).total).toBe(0);
  });

  it('lists the unsent draft and the library answer citing a changed figure, old and new side by side', async () => {
    const s = await scene();
    await s.reindexWith(documentText([DISTRIBUTION('$0.45'), FEES, REDEMPTIONS]));
    const queue = await s.queue();
    expect(queue.total).toBe(2);
    const byKind = Object.fromEntries(queue.items.map((item: { kind: string }) => [item.kind, item]));
    expect(byKind.draft).toMatchObject({
      message_id: s.unsentId,
      version: 1,
      subject: 'Distribution amount and date',
      document_id: s.doc.id,
      file_name: 'fact-sheet.md',
      old: { passage_id: s.distributionPassage.id, doc_path: 'fact-sheet.md', text: DISTRIBUTION('$0.42') },
      new: { doc_path: 'fact-sheet.md', text: DISTRIBUTION('$0.45') },
      reviewed_at: null,
    });
    expect(byKind.library_answer).toMatchObject({
      library_answer_id: s.answer.id,
      library_answer_title: 'Last distribution',
      old: { text: DISTRIBUTION('$0.42') },
      new: { text: DISTRIBUTION('$0.45') },
    });
    // The sent reply cited the same passage and is not listed.
    expect(queue.items.some((item: { message_id: string | null }) => item.message_id === s.sentId)).toBe(
      false,
    );
    const [reindexed] = (await auditOf(s.orgId, 'document_reindexed')).filter((a) => a.entityId === s.doc.id);
    expect(reindexed?.details).toMatchObject({ status: 'indexed', needs_review: 2 });
  });

  it('says the text is gone when the passage was rewritten or the document deleted', async () => {
    const s = await scene();
    await s.reindexWith(documentText([REWRITTEN, FEES, REDEMPTIONS]));
    const afterRewrite = await s.queue();
    expect(afterRewrite.total).toBe(2);
    expect(afterRewrite.items.every((item: { new: unknown }) => item.new === null)).toBe(true);

    const other = await scene();
    await backdateDocument(ctx.db, other.doc.id, ctx.clock.now());
    const del = await ctx.request('DELETE', `/api/projects/${other.fund.id}/documents/${other.doc.id}`, {
      cookie: other.cookie,
    });
    expect(del.status).toBe(200);
    const afterDelete = await other.queue();
    // Every passage the unsent draft cited went with the document (its fees passage too), and the answer's.
    expect(afterDelete.items.length).toBeGreaterThanOrEqual(2);
    expect(
      afterDelete.items.every(
        (item: { new: unknown; document_id: unknown }) => item.new === null && item.document_id === null,
      ),
    ).toBe(true);
    expect(new Set(afterDelete.items.map((item: { kind: string }) => item.kind))).toEqual(
      new Set(['draft', 'library_answer']),
    );
    expect(
      afterDelete.items.some((item: { message_id: string | null }) => item.message_id === other.sentId),
    ).toBe(false);
  });

  it('clears an item marked reviewed, audited; a library answer then cites the new passage', async () => {
    const s = await scene();
    await s.reindexWith(documentText([DISTRIBUTION('$0.45'), FEES, REDEMPTIONS]));
    const { items } = await s.queue();
    const library = items.find((item: { kind: string }) => item.kind === 'library_answer');
    const draft = items.find((item: { kind: string }) => item.kind === 'draft');

    const associate = await ctx.signInAs('ir_associate', s.orgId);
    const refused = await ctx.request('POST', `/api/compliance/review-items/${library.id}/review`, {
      cookie: associate.cookie,
    });
    expect(refused.status).toBe(403);

    const res = await ctx.request('POST', `/api/compliance/review-items/${library.id}/review`, {
      cookie: s.cookie,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: library.id, reviewed_at: ctx.clock.now().toISOString() });
    const again = await ctx.request('POST', `/api/compliance/review-items/${library.id}/review`, {
      cookie: s.cookie,
    });
    expect(again.status).toBe(409);
    expect((await s.queue()).items.map((item: { id: string }) => item.id)).toEqual([draft.id]);

    const answer = await json(
      await ctx.request('GET', `/api/compliance/library/${s.answer.id}`, { cookie: s.cookie }),
    );
    expect(answer.citations).toEqual([
      { id: library.new.passage_id, doc_path: 'fact-sheet.md', text: DISTRIBUTION('$0.45') },
    ]);

    expect(
      (await ctx.request('POST', `/api/compliance/review-items/${draft.id}/review`, { cookie: s.cookie }))
        .status,
    ).toBe(200);
    expect((await s.queue()).total).toBe(0);
    expect((await auditOf(s.orgId, 'review_item_reviewed')).map((a) => a.details)).toEqual([
      expect.objectContaining({
        kind: 'library_answer',
        library_answer_id: s.answer.id,
        citation_updated: true,
      }),
      expect.objectContaining({ kind: 'draft', message_id: s.unsentId, citation_updated: false }),
    ]);

    // The answer now cites the new passage: the next change of its figure is caught again.
    await s.reindexWith(documentText([DISTRIBUTION('$0.47'), FEES, REDEMPTIONS]));
    const next = await s.queue();
    expect(next.items.map((item: { kind: string }) => item.kind)).toContain('library_answer');

    const stranger = await ctx.signInAs('ir_director');
    const foreign = await ctx.request('POST', `/api/compliance/review-items/${next.items[0].id}/review`, {
      cookie: stranger.cookie,
    });
    expect(foreign.status).toBe(404);
  });
});
