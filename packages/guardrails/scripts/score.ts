/**
 * Scoring the checker on corpus lines, shared by `npm run eval` (scripts/eval.ts), the trainer and the
 * floor test (src/eval.test.ts). A promissory or forward line is caught when it gets at least one flag;
 * a promissory line should get a high one. A clean line with a flag is a false positive, counted apart
 * for easy clean lines and hard negatives.
 */
import { check } from '../src/check';
import { defaultPolicy } from '../src/defaults';
import type { CheckOptions, GuardrailPolicy } from '../src/types';
import type { CorpusLine } from './corpus';

/** What the checker did with one line. */
export type Outcome = { line: CorpusLine; flagged: boolean; high: boolean; rules: string[] };

export function outcomeOf(line: CorpusLine, policy: GuardrailPolicy, options: CheckOptions = {}): Outcome {
  const { flags, requires_approval } = check(line.text, policy, options);
  return { line, flagged: flags.length > 0, high: requires_approval, rules: flags.map((f) => f.rule) };
}

export function outcomesOf(
  lines: readonly CorpusLine[],
  policy = defaultPolicy(),
  options: CheckOptions = {},
): Outcome[] {
  return lines.map((line) => outcomeOf(line, policy, options));
}

/** k of n. */
export type Rate = { k: number; n: number };
export const rate = (r: Rate): number => (r.n === 0 ? Number.NaN : r.k / r.n);

export type Figures = {
  n: number;
  /** promissory lines with a flag */
  promissoryRecall: Rate;
  /** promissory lines with a high flag */
  promissoryHigh: Rate;
  /** forward lines with a flag */
  forwardRecall: Rate;
  /** easy clean lines with a flag */
  easyFpr: Rate;
  /** hard clean lines (hard negatives) with a flag */
  hardFpr: Rate;
  /** flagged lines that are promissory or forward */
  precision: Rate;
};

type Scored = Pick<Outcome, 'flagged' | 'high'> & { line: Pick<CorpusLine, 'label' | 'hard'> };

export function figuresOf(outcomes: readonly Scored[]): Figures {
  const f: Figures = {
    n: outcomes.length,
    promissoryRecall: { k: 0, n: 0 },
    promissoryHigh: { k: 0, n: 0 },
    forwardRecall: { k: 0, n: 0 },
    easyFpr: { k: 0, n: 0 },
    hardFpr: { k: 0, n: 0 },
    precision: { k: 0, n: 0 },
  };
  const add = (r: Rate, hit: boolean) => {
    r.n++;
    if (hit) r.k++;
  };
  for (const { line, flagged, high } of outcomes) {
    if (line.label === 'promissory') {
      add(f.promissoryRecall, flagged);
      add(f.promissoryHigh, high);
    } else if (line.label === 'forward') add(f.forwardRecall, flagged);
    else add(line.hard ? f.hardFpr : f.easyFpr, flagged);
    if (flagged) add(f.precision, line.label !== 'clean');
  }
  return f;
}

type Bounds = { promissoryRecall: number; forwardRecall: number; easyFpr: number; hardFpr: number };

/** What the checker must reach on the test split (README "Corpus and figures"). */
export const TARGETS: Bounds = { promissoryRecall: 0.95, forwardRecall: 0.95, easyFpr: 0.05, hardFpr: 0.1 };

/**
 * The floor test (src/eval.test.ts) fails below these on the test split: the targets themselves, now
 * that every one is met (0.958, 0.964, 0.012, 0.084 on 28 November 2026).
 */
export const FLOORS: Bounds = TARGETS;

/** The bounds a set of figures misses, as sentences (empty when all are met). */
export function missedBounds(f: Figures, bounds: Bounds): string[] {
  const out: string[] = [];
  const below = (name: string, r: Rate, floor: number) => {
    if (!(rate(r) >= floor)) out.push(`${name} ${fmtRate(r).trim()} is below ${floor}`);
  };
  const above = (name: string, r: Rate, ceiling: number) => {
    if (!(rate(r) <= ceiling)) out.push(`${name} ${fmtRate(r).trim()} is above ${ceiling}`);
  };
  below('promissory recall', f.promissoryRecall, bounds.promissoryRecall);
  below('forward recall', f.forwardRecall, bounds.forwardRecall);
  above('false-positive rate on easy clean', f.easyFpr, bounds.easyFpr);
  above('false-positive rate on hard negatives', f.hardFpr, bounds.hardFpr);
  return out;
}

export const fmtRate = (r: Rate): string => (r.n === 0 ? '    -' : rate(r).toFixed(3));

export const FIGURE_HEADER = 'n      prom.recall prom→high fwd.recall FPR.easy FPR.hard precision';

/** One row of figures, aligned with FIGURE_HEADER. */
export function formatFigures(f: Figures): string {
  return [
    String(f.n).padEnd(6),
    fmtRate(f.promissoryRecall).padStart(11),
    fmtRate(f.promissoryHigh).padStart(9),
    fmtRate(f.forwardRecall).padStart(10),
    fmtRate(f.easyFpr).padStart(8),
    fmtRate(f.hardFpr).padStart(8),
    fmtRate(f.precision).padStart(9),
  ].join(' ');
}
