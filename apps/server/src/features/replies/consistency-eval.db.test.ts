import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consistencyFiguresFor, evaluateConsistency } from '../../../eval/drafts/evaluate-consistency';
import { FLOORS } from '../../../eval/drafts/floors';
import { consistencyProblemsOf, loadConsistencySet } from '../../../eval/drafts/labelled-set';
import { openTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';

// docs/drafting-eval.md: the consistency check on the labelled pairs of a sent reply and a new draft
// (test split), each sent and checked through the app's services on a real database, never below the
// floors of eval/drafts/floors.ts.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the consistency labelled set', () => {
  it('is well formed: at least 8 pairs per source, fund facts verbatim, labels in the draft', () => {
    const cases = loadConsistencySet();
    expect(consistencyProblemsOf(cases)).toEqual([]);
    const perSource = new Map<string, number>();
    for (const c of cases) perSource.set(c.source, (perSource.get(c.source) ?? 0) + 1);
    expect([...perSource.keys()].sort()).toEqual([
      'demo',
      'hedge-fund',
      'infrastructure',
      'private-credit',
      'ucits-bond',
      'venture',
    ]);
    expect(Math.min(...perSource.values())).toBeGreaterThanOrEqual(8);
  });

  it('flags the test split’s contradictions of sent replies at or above the floors', {
    timeout: 240_000,
  }, async () => {
    const outcomes = await evaluateConsistency(database);
    const test = consistencyFiguresFor(outcomes.filter((o) => o.split === 'test'));
    expect(test.cases).toBeGreaterThanOrEqual(15);
    expect(test.precision).toBeGreaterThanOrEqual(FLOORS.inconsistentPrecision);
    expect(test.recall).toBeGreaterThanOrEqual(FLOORS.inconsistentRecall);
  });
});
