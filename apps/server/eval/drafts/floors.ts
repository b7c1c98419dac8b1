import type { Figures } from './evaluate-drafts';

// docs/drafting-eval.md: what the built-in drafter must reach on the test split, and the floors the
// test enforces meanwhile — today's figures, so any drop fails; raise them as the drafter improves.

type CheckFigures = {
  claimPrecision: number;
  claimRecall: number;
  /** 'Inconsistent' flags on the consistency set (docs/decisions/027-consistency-across-investors.md). */
  inconsistentPrecision: number;
  inconsistentRecall: number;
};

export const TARGETS: Omit<Figures, 'cases'> & CheckFigures = {
  claimPrecision: 0.9,
  claimRecall: 0.9,
  inconsistentPrecision: 0.9,
  inconsistentRecall: 0.9,
  answerAccuracy: 0.85,
  declines: 0.9,
  citationSupport: 0.95,
  unsupportedFigures: 0,
};

export const FLOORS: Omit<Figures, 'cases'> & CheckFigures = {
  claimPrecision: 0.73,
  claimRecall: 0.78,
  inconsistentPrecision: 1,
  inconsistentRecall: 0.44,
  answerAccuracy: 0.15,
  declines: 0.78,
  citationSupport: 0.66,
  unsupportedFigures: 0,
};
