import { describe, expect, it } from 'vitest';
import { claimFiguresFor, evaluateClaims } from '../../../eval/drafts/evaluate-claims';
import { FLOORS } from '../../../eval/drafts/floors';

// docs/drafting-eval.md: the claim check on the labelled set's cited replies (test split), never below
// the floors of eval/drafts/floors.ts.

describe('the claim check on the labelled replies', () => {
  it('finds the unsupported figures of the test split’s replies, at or above the floors', () => {
    const test = claimFiguresFor(evaluateClaims().filter((o) => o.split === 'test'));
    expect(test.replies).toBeGreaterThanOrEqual(15);
    expect(test.precision).toBeGreaterThanOrEqual(FLOORS.claimPrecision);
    expect(test.recall).toBeGreaterThanOrEqual(FLOORS.claimRecall);
  });
});
