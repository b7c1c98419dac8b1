import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateDrafts, figuresFor } from '../../../eval/drafts/evaluate-drafts';
import { FLOORS } from '../../../eval/drafts/floors';
import { loadLabelledSet, problemsOf } from '../../../eval/drafts/labelled-set';
import { ceilingAt } from '../../../eval/drafts/ranking-ceiling';
import { openTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';

// docs/drafting-eval.md: the built-in drafter on the labelled set's test split, through the real
// indexing and retrieval, never below the floors.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the drafting labelled set', () => {
  it('is well formed: at least 150 questions, facts and sources verbatim in the fund documents', () => {
    const { cases, claims } = loadLabelledSet();
    expect(problemsOf(cases, claims)).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });

  it('the built-in drafter stays at or above the floors on the test split', {
    timeout: 240_000,
  }, async () => {
    const outcomes = await evaluateDrafts(database);
    const test = figuresFor(outcomes.filter((o) => o.split === 'test'));
    expect(test.cases).toBeGreaterThanOrEqual(60);
    expect(test.answerAccuracy).toBeGreaterThanOrEqual(FLOORS.answerAccuracy);
    expect(test.declines).toBeGreaterThanOrEqual(FLOORS.declines);
    expect(test.citationSupport).toBeGreaterThanOrEqual(FLOORS.citationSupport);
    expect(test.unsupportedFigures).toBeLessThanOrEqual(FLOORS.unsupportedFigures);
    // Every correct answer quotes sentences that state its facts, so the ranking ceiling's 'any'
    // column can never be below the drafter's answer accuracy.
    const answerable = outcomes.filter((o) => o.split === 'test' && o.case.expect !== 'decline');
    const [anywhere] = ceilingAt(
      answerable.map((o) => o.factRank),
      [Number.MAX_SAFE_INTEGER],
    );
    expect(anywhere?.share).toBeGreaterThanOrEqual(test.answerAccuracy);
  });
});
