/**
 * The drafting benchmark (docs/benchmarks.md): a fund of about 1,000 passages built from the labelled
 * set's documents, the labelled set's questions; the passage search alone beside retrieval with the
 * fund's word counts, the built-in drafter, and the claim check of a 5 KB reply against 1,000 passages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fundDocuments, loadLabelledSet } from '../eval/drafts/labelled-set';
import type { Database } from '../src/db/client';
import { createBuiltInDrafter } from '../src/features/drafts/built-in-drafter';
import { searchPassages } from '../src/features/projects/passage-search';
import { createProject, uploadDocument } from '../src/features/projects/projects.service';
import { checkClaims } from '../src/features/replies/claim-check';
import { retrievalQuery, retrievePassages } from '../src/features/replies/draft-passages';
import { systemClock } from '../src/lib/clock';
import { sampleOf } from './inbox';

const WARM_UP = 20;
const ITERATIONS = 200;
const PASSAGES = 1_000;

async function time(count: number, run: (i: number) => Promise<unknown> | unknown) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + count; i++) {
    const started = performance.now();
    await run(i);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return sampleOf(times);
}

export async function runDraftingBench(input: { database: Database; orgId: string }) {
  const { database, orgId } = input;
  const { cases } = loadLabelledSet();
  const documentsRoot = await mkdtemp(path.join(os.tmpdir(), 'parley-bench-drafting-'));
  const ctx = { db: database.db, clock: systemClock, documentsRoot };
  const actor = { orgId, userId: null };
  try {
    // Every fund's documents, copied under numbered names until the fund holds about 1,000 passages.
    const project = await createProject(ctx, actor, { name: 'Bench drafting fund', fund_type: 'Bench' });
    const documents = [...new Set(cases.map((c) => c.fund))].flatMap(fundDocuments);
    let indexed = 0;
    for (let copy = 0; indexed < PASSAGES; copy++) {
      for (const doc of documents) {
        if (indexed >= PASSAGES) break;
        const uploaded = await uploadDocument(ctx, actor, {
          projectId: project.id,
          fileName: `${copy}-${doc.fileName}`,
          bytes: new TextEncoder().encode(doc.text.replace(/\d/g, (d) => String((Number(d) + copy) % 10))),
        });
        indexed += uploaded.passage_count;
      }
    }
    // Both drivers (node-postgres, PGlite) return the rows as `rows`.
    const stored = (await database.db.execute(
      sql`select id, text from document_passages where project_id = ${project.id} order by id`,
    )) as unknown as { rows: { id: string; text: string }[] };
    const fund = stored.rows;
    const message = (i: number) => {
      const c = cases[i % cases.length];
      if (!c) throw new Error('no case');
      return { projectId: project.id, subject: c.subject, bodyText: c.body };
    };

    const search = await time(ITERATIONS, (i) => {
      const m = message(i);
      return searchPassages(database.db, {
        orgId,
        projectId: project.id,
        query: retrievalQuery(m.subject, m.bodyText),
        limit: 8,
      });
    });
    const retrieval = await time(ITERATIONS, (i) => retrievePassages(database.db, orgId, message(i)));
    const retrieved = await Promise.all(
      Array.from({ length: 50 }, (_, i) => retrievePassages(database.db, orgId, message(i))),
    );
    const drafter = createBuiltInDrafter();
    const draft = await time(ITERATIONS, (i) => {
      const m = message(i);
      const r = retrieved[i % retrieved.length] ?? { passages: [] };
      return drafter.draft({
        message: { investorName: 'Bench Investor', subject: m.subject, body: m.bodyText },
        ...r,
        signature: 'Bench',
        disclaimer: '',
        tone: 'neutral',
        readingLevel: '12-14',
      });
    });

    // A 5 KB reply: sentences with figures and citations, some supported, some not.
    const sources = fund.slice(0, 5).map((p, i) => ({ n: i + 1, passageId: p.id, text: p.text }));
    const sentences = fund
      .slice(0, 40)
      .map((p, i) => `${p.text.split(/(?<=[.!?])\s+/)[0] ?? ''} [${(i % 5) + 1}]`)
      .join(' ');
    const reply = `Dear Bench Investor,\n\n${sentences}`.slice(0, 5_000);
    const claims = await time(ITERATIONS, () => checkClaims({ text: reply, sources, fundPassages: fund }));

    const fmt = (ms: number) => ms.toFixed(2).padStart(8);
    console.log(
      `\ndrafting, ${database.kind}, a fund of ${fund.length} passages, ${ITERATIONS} timed runs after ${WARM_UP}, ms`,
    );
    console.log(`${'case'.padEnd(52)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}`);
    for (const [label, s] of [
      ['passage search alone (searchPassages, 8 hits)', search],
      ['retrieval (search + fund word counts)', retrieval],
      ['built-in drafter on retrieved passages', draft],
      [`claim check, ${reply.length} B reply vs ${fund.length} passages`, claims],
    ] as const) {
      console.log(`${label.padEnd(52)} ${fmt(s.p50)} ${fmt(s.p95)}`);
    }
    console.log(`  claim check p95 under 50 ms: ${claims.p95 < 50 ? 'met' : 'NOT MET'}`);
  } finally {
    await rm(documentsRoot, { recursive: true, force: true });
  }
}
