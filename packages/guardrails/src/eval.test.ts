import { describe, expect, it } from 'vitest';
import { loadSplitCorpus, TRAIN_ONLY_ORIGINS } from '../scripts/corpus';
import {
  FIGURE_HEADER,
  FLOORS,
  figuresOf,
  formatFigures,
  missedBounds,
  outcomesOf,
  TARGETS,
} from '../scripts/score';

/**
 * The checker's floors on the corpus's TEST split (README "Corpus and figures"; `npm run eval` prints the
 * details). Test lines are never tuned on, so this is the honest figure for unseen sentences.
 */
describe('the checker on the labelled corpus', () => {
  const corpus = loadSplitCorpus();
  /** The written corpus files (package-v1 and dismissals only ever train). */
  const written = corpus.filter((l) => !TRAIN_ONLY_ORIGINS.has(l.origin));

  it('has at least 1,000 sentences, a third of them hard negatives, every origin in every split', () => {
    expect(written.length).toBeGreaterThanOrEqual(1000);
    const hard = written.filter((l) => l.label === 'clean' && l.hard).length;
    expect(hard / written.length).toBeGreaterThanOrEqual(1 / 3);
    const origins = [...new Set(written.map((l) => l.origin))].sort();
    for (const split of ['train', 'dev', 'test'] as const) {
      const present = new Set(written.filter((l) => l.split === split).map((l) => l.origin));
      expect(
        origins.filter((o) => !present.has(o)),
        `origins missing from ${split}`,
      ).toEqual([]);
    }
  });

  // every layer on 4,000 sentences: seconds on a busy 2-core machine, so a generous limit (no timing claim)
  it('does not fall below its floors on the test split', { timeout: 180_000 }, () => {
    const figures = figuresOf(outcomesOf(corpus.filter((l) => l.split === 'test')));
    console.info(`guardrails test split:\n  ${FIGURE_HEADER}\n  ${formatFigures(figures)}`);
    const short = missedBounds(figures, TARGETS);
    if (short.length > 0) console.info(`  targets not met yet: ${short.join('; ')}`);
    expect(missedBounds(figures, FLOORS)).toEqual([]);
  });
});
