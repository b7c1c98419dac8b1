import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { libraryAnswers } from '../db/schema';
import { createLibraryAnswer } from '../features/answer-library/answer-library.service';
import { searchPassages } from '../features/projects/passage-search';
import { findProjectIdByName } from '../features/projects/projects.queries';
import type { Clock } from '../lib/clock';
import { DEMO_FUNDS } from './demo-projects';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo only: approved library answers (docs/decisions/028-answer-library.md). Two answer demo messages
 * ('K-1 timing for 2025', 'Distribution reinvestment'), so generating their drafts shows the library at
 * work; one for all funds expires within two weeks, so the library shows 'Expiring soon'.
 */
const DEMO_LIBRARY = [
  {
    fund: 'alpha',
    title: 'K-1 timing',
    question: 'When will the K-1 tax packages for the tax year be issued?',
    answer:
      'Final tax information is provided on Schedule K-1. For the 2025 tax year we expect to send the K-1 packages by 15 March 2026 [1].',
    cite: 'Schedule K-1',
    days: 365,
  },
  {
    fund: 'alpha',
    title: 'Distribution reinvestment (DRIP)',
    question: 'Is there a distribution reinvestment option to reinvest quarterly distributions?',
    answer:
      'Yes. Unitholders enrolled in the distribution reinvestment plan (DRIP) receive units at the quarter-end NAV instead of cash. Elections to join or leave the plan must reach the administrator by the record date to apply to that distribution [1].',
    cite: 'distribution reinvestment plan',
    days: 180,
  },
  {
    fund: null,
    title: 'Changing bank details',
    question: 'How do I change the bank account my distributions are paid to?',
    answer:
      'Please send a signed instruction to the fund administrator at least 10 business days before the payment date. For your protection, bank details are never changed on the strength of an e-mail alone.',
    cite: null,
    days: 10,
  },
] as const;

/** Adds the demo library answers when the organisation has none (idempotent). */
export async function seedDemoLibrary(deps: { db: Db; clock: Clock }, orgId: string, actorId: string | null) {
  if (!actorId) return;
  const [existing] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(libraryAnswers)
    .where(sql`${libraryAnswers.orgId} = ${orgId}`);
  if (Number(existing?.n ?? 0) > 0) return;
  const actor = { orgId, userId: actorId };
  for (const entry of DEMO_LIBRARY) {
    const fundName = DEMO_FUNDS.find((f) => f.key === entry.fund)?.name;
    const projectId = fundName ? await findProjectIdByName(deps.db, orgId, fundName) : null;
    const hits =
      projectId && entry.cite
        ? await searchPassages(deps.db, { orgId, projectId, query: `"${entry.cite}"`, limit: 1 })
        : [];
    await createLibraryAnswer(deps, actor, {
      title: entry.title,
      question: entry.question,
      answer: entry.answer,
      project_id: projectId,
      owner_id: actorId,
      expires_at: new Date(deps.clock.now().getTime() + entry.days * DAY_MS).toISOString(),
      passage_ids: hits.map((h) => h.passageId),
    });
  }
}
