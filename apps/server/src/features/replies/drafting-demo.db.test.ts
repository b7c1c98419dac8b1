import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/test-app';
import { documentPassages, investorMessages } from '../../db/schema';
import { seedDemoMessages } from '../../seed/demo-messages';
import { seedDemoProjects } from '../../seed/demo-projects';

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-drafts-'));
const ctx = await createTestContext({ DATA_DIR: dataDir });

describe('drafts on the demo data', () => {
  it('answers the Q3 distribution question from the distribution notice, citing the passage with the figures', async () => {
    const orgId = await ctx.createOrg();
    await seedDemoProjects(
      { db: ctx.db, clock: ctx.clock, documentsRoot: path.join(dataDir, 'documents') },
      orgId,
      null,
    );
    await seedDemoMessages({ db: ctx.db, clock: ctx.clock }, orgId, null);
    const writer = await ctx.signInAs('ir_associate', orgId);
    const [message] = await ctx.db
      .select({ id: investorMessages.id })
      .from(investorMessages)
      .where(and(eq(investorMessages.orgId, orgId), eq(investorMessages.subject, 'Q3 distribution date')));
    if (!message) throw new Error('demo message missing');

    const res = await ctx.request('POST', `/api/messages/${message.id}/drafts/generate`, {
      cookie: writer.cookie,
    });
    expect(res.status).toBe(201);
    const draft = (await res.json()) as { draftText: string; citations: { id: string; doc_path: string }[] };
    expect(draft.draftText).toMatch(/^Dear Margaret Chen,/);
    expect(draft.draftText).toContain('$0.1450');
    expect(draft.draftText).toContain('14 November 2025');

    const cited = await Promise.all(
      draft.citations.map(async (c) => {
        const [row] = await ctx.db
          .select({ text: documentPassages.text })
          .from(documentPassages)
          .where(eq(documentPassages.id, c.id));
        return { ...c, text: row?.text ?? '' };
      }),
    );
    const source = cited.find((c) => c.text.includes('$0.1450') && c.text.includes('14 November 2025'));
    expect(source?.doc_path).toMatch(/^distribution-notice-q3-2025\.txt/);
    // The notice, which holds the payment date, comes first; the fact sheet only loosely relates
    // (inception date, NAV per unit) and is not quoted, nor are sentences beside the answer.
    expect(draft.citations[0]?.doc_path).toMatch(/^distribution-notice-q3-2025\.txt/);
    expect(draft.citations.map((c) => c.doc_path).join()).not.toMatch(/fact-sheet/);
    expect(draft.draftText).not.toMatch(/Inception|82% of the debt|Tax character|reinvestment plan/);
    // No signature saved: the reply is signed with the user's name.
    const [, signOff = ''] = draft.draftText.split('Kind regards,\n');
    expect(signOff.split('\n\n')[0]).toBe('Test ir_associate');
    // Every figure in the answer part of the draft is one of the cited passages' figures.
    const answer = draft.draftText.split('Kind regards,')[0] ?? '';
    const figures = answer.match(/\$?\d[\d.,]*%?/g) ?? [];
    const sourceText = cited.map((c) => c.text).join('\n');
    const unknown = figures.filter((f) => !/^\d$/.test(f) && !sourceText.includes(f.replace(/[.,]$/, '')));
    expect(unknown).toEqual([]);
  });
});
