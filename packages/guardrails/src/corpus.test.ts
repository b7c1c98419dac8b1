import { describe, expect, it } from 'vitest';
import { check } from './check';
import { CORPUS, type CorpusItem, HOLDOUT } from './corpus';
import { defaultPolicy } from './defaults';

type Score = { n: number; precision: number; recall: number; highRecall: number; forwardNotHigh: number };

/** Positive = promissory or forward-looking; predicted positive = at least one flag. */
function score(items: CorpusItem[]): Score & { misses: string[] } {
  const policy = defaultPolicy();
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let promissory = 0;
  let promissoryHigh = 0;
  let forward = 0;
  let forwardNotHigh = 0;
  const misses: string[] = [];
  for (const item of items) {
    const { flags, requires_approval } = check(item.text, policy);
    const positive = item.label !== 'clean';
    const predicted = flags.length > 0;
    if (positive && predicted) tp++;
    else if (positive) {
      fn++;
      misses.push(`missed (${item.label}): ${item.text}`);
    } else if (predicted) {
      fp++;
      misses.push(`flagged (clean): ${item.text} [${flags.map((f) => f.rule).join(', ')}]`);
    }
    if (item.label === 'promissory') {
      promissory++;
      if (requires_approval) promissoryHigh++;
    }
    if (item.label === 'forward') {
      forward++;
      if (!requires_approval) forwardNotHigh++;
    }
  }
  return {
    n: items.length,
    precision: tp / (tp + fp),
    recall: tp / (tp + fn),
    highRecall: promissoryHigh / promissory,
    forwardNotHigh: forwardNotHigh / forward,
    misses,
  };
}

const fmt = (s: Score) =>
  `n=${s.n} precision=${s.precision.toFixed(3)} recall=${s.recall.toFixed(3)} ` +
  `promissory→high=${s.highRecall.toFixed(3)} forward→not high=${s.forwardNotHigh.toFixed(3)}`;

describe('the labelled corpus', () => {
  it('has at least 200 sentences of each kind of language', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    for (const label of ['promissory', 'forward', 'clean'] as const) {
      expect(CORPUS.filter((c) => c.label === label).length).toBeGreaterThanOrEqual(50);
    }
    expect(new Set(CORPUS.map((c) => c.text)).size).toBe(CORPUS.length);
  });

  it('meets the precision and recall thresholds', () => {
    const tuned = score(CORPUS);
    const holdout = score(HOLDOUT);
    const all = score([...CORPUS, ...HOLDOUT]);
    console.info(`guardrails corpus (tuned):  ${fmt(tuned)}`);
    console.info(`guardrails corpus (holdout): ${fmt(holdout)}`);
    console.info(`guardrails corpus (all):     ${fmt(all)}`);
    for (const m of [...tuned.misses, ...holdout.misses]) console.info(`  ${m}`);
    // The rules were written against CORPUS, so it must be classified (almost) perfectly; the holdout
    // was never used for tuning and shows the error rate on unseen phrasing (2 errors in 55 when written).
    expect(tuned.precision).toBeGreaterThanOrEqual(0.98);
    expect(tuned.recall).toBeGreaterThanOrEqual(0.98);
    expect(holdout.precision).toBeGreaterThanOrEqual(0.9);
    expect(holdout.recall).toBeGreaterThanOrEqual(0.9);
    expect(all.precision).toBeGreaterThanOrEqual(0.95);
    expect(all.recall).toBeGreaterThanOrEqual(0.95);
    // promissory language needs approval; forward-looking language alone does not
    expect(all.highRecall).toBeGreaterThanOrEqual(0.95);
    expect(all.forwardNotHigh).toBeGreaterThanOrEqual(0.95);
  });
});
