/**
 * Trains the sentence model (`npm run train -w @parley/guardrails [-- --misses]`) and writes
 * `src/model/weights.json`; `--misses` lists the dev lines the cross-validated models get wrong.
 *
 * - chooses the regularisation and the thresholds on DEV, each dev line scored by a model fitted to train
 *   and the other dev folds (FOLDS-fold cross-validation of dev), then fits the shipped model to train
 *   and dev together with that regularisation; never reads TEST;
 * - deterministic: features sorted, no random initialisation or shuffling, weights rounded, so the same
 *   corpus always gives the same file;
 * - features seen in fewer than MIN_COUNT training lines are pruned, and so are near-zero weights.
 *
 * The thresholds are chosen for the model together with the rule layer, as check() combines them
 * (`combineWithRules`): the rules' and frames' flags on each dev line come from `check()` without the
 * classifier's own flags.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { check } from '../src/check';
import { defaultPolicy } from '../src/defaults';
import { combineWithRules, type ModelThresholds, modelVerdict, type RuleView } from '../src/model/classify';
import { type CorpusLine, loadSplitCorpus, normaliseText, type SplitLine } from './corpus';
import { type Example, fitLogistic, type Linear, probabilities } from './fit';
import { lineFeatures } from './line-features';
import { FIGURE_HEADER, type Figures, figuresOf, formatFigures, rate, TARGETS } from './score';

const MIN_COUNT = 2;
const MIN_WEIGHT = 0.01;
const LAMBDAS = [1e-5, 3e-5, 1e-4, 3e-4];
/** Dev is scored in this many folds, each by a model fitted to train and the other folds. */
const FOLDS = 5;
/** Dev false-positive rates of rules and model together: the targets (scripts/score.ts) less a margin. */
const DEV_MAX_EASY_FPR = TARGETS.easyFpr - 0.01;
const DEV_MAX_HARD_FPR = TARGETS.hardFpr - 0.01;
/** Risks below which the model may clear a rule or frame flag (never the organisation's own words). */
const CLEAR_GRID = [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3];
const OUT = path.join(import.meta.dirname, '..', 'src', 'model', 'weights.json');
const CLASS: Record<CorpusLine['label'], 0 | 1 | 2> = { clean: 0, promissory: 1, forward: 2 };

const corpus = loadSplitCorpus();
const train = corpus.filter((l) => l.split === 'train');
const dev = corpus.filter((l) => l.split === 'dev');
if (dev.length === 0) throw new Error('The corpus has no dev lines to choose the thresholds on');
console.log(`train ${train.length} lines, dev ${dev.length} lines in ${FOLDS} folds (test is not read)`);

const featuresOf = new Map<SplitLine, string[]>();
for (const line of [...train, ...dev]) featuresOf.set(line, lineFeatures(line.text));

/**
 * A dev line's fold, from the SHA-256 of its normalised text with a salt of its own (the split used the
 * unsalted hash, so folds are independent of it): fixed whatever the order of the files.
 */
function foldOf(line: SplitLine): number {
  return (
    createHash('sha256')
      .update(`fold:${normaliseText(line.text)}`)
      .digest()
      .readUInt32BE(0) % FOLDS
  );
}
const folds = dev.map(foldOf);

/** A model fitted to `lines`, with its vocabulary: features of at least MIN_COUNT of those lines, sorted. */
type Fitted = { model: Linear; vocab: string[]; indexOf: Map<string, number> };

function fitOn(lines: readonly SplitLine[], lambda: number): Fitted {
  const df = new Map<string, number>();
  for (const line of lines) for (const f of featuresOf.get(line) ?? []) df.set(f, (df.get(f) ?? 0) + 1);
  const vocab = [...df]
    .filter(([, n]) => n >= MIN_COUNT)
    .map(([f]) => f)
    .sort();
  const indexOf = new Map(vocab.map((f, i) => [f, i]));
  const examples = lines.map((line) => exampleOf(line, indexOf));
  return { model: fitLogistic(examples, vocab.length, lambda), vocab, indexOf };
}

function exampleOf(line: SplitLine, indexOf: ReadonlyMap<string, number>): Example {
  const x = (featuresOf.get(line) ?? []).map((f) => indexOf.get(f) ?? -1).filter((i) => i >= 0);
  return { x: Int32Array.from(x), y: CLASS[line.label], weight: 1 };
}

/**
 * Each dev line's probabilities from a model that never saw it: fitted to train and the other dev folds.
 * So every dev line is scored out of sample, by a model fitted to nearly as much data as the final one.
 */
function crossValidated(lambda: number): Scores {
  const scores: Scores = new Array(dev.length);
  for (let k = 0; k < FOLDS; k++) {
    const fitted = fitOn([...train, ...dev.filter((_, i) => folds[i] !== k)], lambda);
    dev.forEach((line, i) => {
      if (folds[i] === k) scores[i] = probabilities(fitted.model, exampleOf(line, fitted.indexOf).x);
    });
  }
  return scores;
}

/**
 * The rule layer's and the frames' flags on each dev line (no classifier). Under the default policy every
 * lexicon term is built in, so the model may clear all of them (only terms an organisation adds are not).
 */
const policy = defaultPolicy();
const rulesOnDev: RuleView[] = dev.map((line) => {
  const flags = check(line.text, policy, { layers: 'frames' }).flags;
  return {
    lexicon: false,
    lexiconHigh: false,
    other: flags.length > 0,
    otherHigh: flags.some((f) => f.severity === 'high'),
  };
});

type Candidate = {
  name: string;
  lambda: number;
  devLoss: number;
  devFigures: Figures;
  thresholds: ModelThresholds;
  scores: Scores;
};

type Scores = [number, number, number][];
const scoresOf = (s: [number, number, number]) => ({ promissory: s[1], forward: s[2] });

/** The model's own verdicts on dev. */
function modelOnDev(scores: Scores, t: ModelThresholds) {
  return dev.map((line, i) => {
    const v = modelVerdict(scoresOf(scores[i] as [number, number, number]), t);
    return { line, flagged: v.label !== null, high: v.label === 'promissory' };
  });
}

/** Rules and model together on dev, as check() combines them (`combineWithRules`). */
function unionOnDev(scores: Scores, t: ModelThresholds) {
  return dev.map((line, i) => ({
    line,
    ...combineWithRules(rulesOnDev[i] as RuleView, scoresOf(scores[i] as [number, number, number]), t),
  }));
}

/** Mean log loss of dev's cross-validated probabilities. */
function devLossOf(scores: Scores): number {
  let sum = 0;
  dev.forEach((line, i) => {
    sum -= Math.log(Math.max(1e-12, (scores[i] as [number, number, number])[CLASS[line.label]]));
  });
  return sum / dev.length;
}

const NEVER = { promissory: 1.01, forward: 1.01 };

/**
 * The thresholds with the best dev recall (promissory, forward, and half of promissory → high) within
 * the false-positive budget; a clearing threshold that drops positives the rules caught pays for it in
 * recall. The budget is DEV_MAX_*_FPR, or, when the rules alone (after clearing) are above it, their
 * rate plus a small margin for the model. Ties: the lower clearing threshold, then the higher flag
 * thresholds.
 */
function chooseThresholds(scores: Scores): { thresholds: ModelThresholds; figures: Figures } {
  const grid = Array.from({ length: 39 }, (_, k) => round(0.025 + k * 0.025));
  let best: { t: ModelThresholds; value: number; figures: Figures } | null = null;
  for (const clear of CLEAR_GRID) {
    const rulesOnly = unionOnDev(scores, { ...NEVER, clear, uncertain: [0, 0] });
    const base = figuresOf(rulesOnly);
    const maxEasy = Math.max(DEV_MAX_EASY_FPR, rate(base.easyFpr) + 0.01);
    const maxHard = Math.max(DEV_MAX_HARD_FPR, rate(base.hardFpr) + 0.02);
    for (const tp of grid) {
      for (const tf of grid) {
        const t: ModelThresholds = { promissory: tp, forward: tf, clear, uncertain: [0, 0] };
        const figures = figuresOf(unionOnDev(scores, t));
        if (rate(figures.easyFpr) > maxEasy || rate(figures.hardFpr) > maxHard) continue;
        const value =
          rate(figures.promissoryRecall) + rate(figures.forwardRecall) + 0.5 * rate(figures.promissoryHigh);
        const better =
          !best ||
          value > best.value + 1e-9 ||
          (Math.abs(value - best.value) <= 1e-9 &&
            (clear < best.t.clear ||
              (clear === best.t.clear && tp + tf > best.t.promissory + best.t.forward)));
        if (better) best = { t, value, figures };
      }
    }
  }
  // nothing within the budget: the model neither flags nor clears
  const t = best?.t ?? { ...NEVER, clear: 0, uncertain: [0, 0] };
  return {
    thresholds: { ...t, uncertain: uncertainBand(scores, t) },
    figures: best?.figures ?? figuresOf(unionOnDev(scores, t)),
  };
}

/**
 * The band of risk (P(promissory) + P(forward)) worth a second opinion: among the dev lines nothing flags
 * (the only ones check() reports as uncertain), the interval below the flag threshold holding the most
 * missed positives while holding at most a fifth of those lines.
 */
function uncertainBand(scores: Scores, t: ModelThresholds): [number, number] {
  const rows = modelOnDev(scores, t)
    .map(({ line, flagged }, i) => {
      const [, p, f] = scores[i] as [number, number, number];
      const r = rulesOnDev[i] as RuleView;
      return { unflagged: !r.lexicon && !r.other && !flagged, risk: p + f, error: line.label !== 'clean' };
    })
    .filter((r) => r.unflagged);
  const ceiling = Math.min(1, t.forward);
  const grid = [...Array.from({ length: 21 }, (_, k) => k * 0.05).filter((x) => x < ceiling), ceiling];
  let best: [number, number] = [round(ceiling / 2), round(ceiling)];
  let bestErrors = -1;
  for (const lo of grid) {
    for (const hi of grid) {
      if (hi <= lo) continue;
      const inside = rows.filter((r) => r.risk >= lo && r.risk < hi);
      if (inside.length > rows.length / 5) continue;
      const errors = inside.filter((r) => r.error).length;
      if (errors > bestErrors || (errors === bestErrors && hi - lo < best[1] - best[0])) {
        best = [round(lo), round(hi)];
        bestErrors = errors;
      }
    }
  }
  return best;
}

const candidates: Candidate[] = [];
for (const lambda of LAMBDAS) {
  const scores = crossValidated(lambda);
  const { thresholds, figures } = chooseThresholds(scores);
  candidates.push({
    name: `logistic λ=${lambda}`,
    lambda,
    devLoss: devLossOf(scores),
    devFigures: figures,
    thresholds,
    scores,
  });
}

/**
 * Dev recall within the false-positive budget decides, but a difference of about one dev sentence
 * (MERIT_TOLERANCE) is noise: among the candidates that close to the best, the lowest dev log loss wins
 * (better calibrated probabilities make a better uncertain band).
 */
const MERIT_TOLERANCE = 0.02;
const merit = (c: Candidate) =>
  rate(c.devFigures.promissoryRecall) +
  rate(c.devFigures.forwardRecall) +
  0.5 * rate(c.devFigures.promissoryHigh);
console.log(
  `\ndev, rules + model at the chosen thresholds:\n  ${'model'.padEnd(22)} loss   ${FIGURE_HEADER}`,
);
for (const c of candidates) {
  console.log(`  ${c.name.padEnd(22)} ${c.devLoss.toFixed(3)}  ${formatFigures(c.devFigures)}`);
}
const top = Math.max(...candidates.map(merit));
const chosen = candidates
  .filter((c) => merit(c) >= top - MERIT_TOLERANCE)
  .sort((a, b) => a.devLoss - b.devLoss)[0] as Candidate;

const rulesOnly = figuresOf(
  dev.map((line, i) => {
    const r = rulesOnDev[i] as RuleView;
    return { line, flagged: r.lexicon || r.other, high: r.lexiconHigh || r.otherHigh };
  }),
);
console.log(`\n  ${'rules alone'.padEnd(22)}        ${formatFigures(rulesOnly)}`);
console.log(`  ${`chosen: ${chosen.name}`.padEnd(22)}        ${formatFigures(chosen.devFigures)}`);
console.log(
  `  ${'the model alone'.padEnd(22)}        ${formatFigures(
    figuresOf(modelOnDev(chosen.scores, chosen.thresholds)),
  )}`,
);
console.log(`  thresholds ${JSON.stringify(chosen.thresholds)}`);
if (process.argv.includes('--misses')) {
  console.log('\nerrors in dev, cross-validated (each line scored by a model fitted without it):');
  unionOnDev(chosen.scores, chosen.thresholds).forEach(({ line, flagged, high }) => {
    const what =
      line.label === 'clean'
        ? flagged && 'flagged'
        : !flagged
          ? 'missed'
          : line.label === 'promissory' && !high && 'not high';
    if (what) console.log(`  ${line.id} [${line.label}/${line.kind}] ${what}: ${line.text}`);
  });
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

/** Weights are shipped as integers in thousandths: a third smaller as JSON, and the sums move by < 0.01. */
function thousandths(x: number): number {
  return Math.round(x * 1000);
}

// the model shipped: the chosen regularisation, fitted to train and dev together
const final = fitOn([...train, ...dev], chosen.lambda);
const kept = final.vocab
  .map((f, i) => ({
    f,
    p: thousandths(final.model.promissory[i] as number),
    w: thousandths(final.model.forward[i] as number),
  }))
  .filter(({ p, w }) => Math.abs(p) >= MIN_WEIGHT * 1000 || Math.abs(w) >= MIN_WEIGHT * 1000);
const weights = {
  about:
    'Generated by `npm run train -w @parley/guardrails` (scripts/train.ts) from the corpus train and dev splits; bias and weights in thousandths; do not edit.',
  model: chosen.name,
  trainLines: train.length,
  devLines: dev.length,
  folds: FOLDS,
  /** dev, rules and model together, each dev line scored by a model fitted without it */
  devCrossValidated: chosen.devFigures,
  bias: [thousandths(final.model.bias[0]), thousandths(final.model.bias[1])],
  thresholds: chosen.thresholds,
  features: kept.map((k) => k.f),
  promissory: kept.map((k) => k.p),
  forward: kept.map((k) => k.w),
};
const json = `${JSON.stringify(weights)}\n`;
writeFileSync(OUT, json);
console.log(
  `\nwrote ${path.relative(process.cwd(), OUT)}: ${kept.length} features, ${(json.length / 1024).toFixed(0)} KB`,
);
