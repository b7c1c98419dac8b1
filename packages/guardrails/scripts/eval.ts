/**
 * Evaluates `check(text, defaultPolicy())` on the labelled corpus (`npm run eval -w @parley/guardrails`):
 * figures per split, per origin and per kind (scoring in scripts/score.ts).
 *
 *   --misses         also print the errors of the train and dev splits (never of test: it is not tuned on);
 *                    dev's out-of-sample errors are printed by `npm run train -- --misses`
 *   --layers rules   the rule layer alone (lexicon and patterns), to see what the sentence layer adds
 */
import { parseArgs } from 'node:util';
import { defaultPolicy } from '../src/defaults';
import weights from '../src/model/weights.json' with { type: 'json' };
import { loadSplitCorpus, SPLITS, type Split } from './corpus';
import {
  FIGURE_HEADER,
  FLOORS,
  figuresOf,
  fmtRate,
  formatFigures,
  missedBounds,
  type Outcome,
  outcomesOf,
  type Rate,
  TARGETS,
} from './score';

const { values: args } = parseArgs({
  options: { misses: { type: 'boolean', default: false }, layers: { type: 'string', default: 'all' } },
});
if (args.layers !== 'all' && args.layers !== 'rules') throw new Error('--layers is all or rules');

const outcomes = outcomesOf(loadSplitCorpus(), defaultPolicy(), { layers: args.layers });
const inSplit = (split: Split) => outcomes.filter((o) => o.line.split === split);
const origins = [...new Set(outcomes.map((o) => o.line.origin))].sort();

console.log(`check(text, defaultPolicy(), { layers: '${args.layers}' }) on ${outcomes.length} corpus lines`);
console.log('(recall: lines with >= 1 flag; prom→high: with a high flag; FPR: clean lines with a flag)\n');
console.log(`${'split'.padEnd(24)} ${FIGURE_HEADER}`);
for (const split of SPLITS) console.log(`${split.padEnd(24)} ${formatFigures(figuresOf(inSplit(split)))}`);
if (args.layers === 'all') {
  // the shipped model was fitted to train and dev: its honest dev figure is the trainer's cross-validation
  console.log(`${'dev, cross-validated'.padEnd(24)} ${formatFigures(weights.devCrossValidated)}`);
  console.log(
    "(train and dev are the model's training data; dev, cross-validated: each line scored by a model fitted without it)",
  );
}

console.log(`\nby origin\n${'split / origin'.padEnd(24)} ${FIGURE_HEADER}`);
for (const split of SPLITS) {
  for (const origin of origins) {
    const some = inSplit(split).filter((o) => o.line.origin === origin);
    if (some.length > 0)
      console.log(`${`${split} / ${origin}`.padEnd(24)} ${formatFigures(figuresOf(some))}`);
  }
}

/** Per kind: the share caught (promissory, forward) or flagged (clean), per split. */
console.log(`\nby kind: share with a flag (for clean kinds, the false-positive rate)`);
console.log(`${'label / kind'.padEnd(34)} ${SPLITS.map((s) => `${s.padStart(7)}     n`).join('  ')}`);
const kinds = [...new Set(outcomes.map((o) => `${o.line.label} / ${o.line.kind}`))].sort();
for (const key of kinds) {
  const cells = SPLITS.map((split) => {
    const some = inSplit(split).filter((o) => `${o.line.label} / ${o.line.kind}` === key);
    const r: Rate = { k: some.filter((o) => o.flagged).length, n: some.length };
    return `${fmtRate(r).padStart(7)} ${String(r.n).padStart(5)}`;
  });
  console.log(`${key.padEnd(34)} ${cells.join('  ')}`);
}

const testFigures = figuresOf(inSplit('test'));
const belowFloors = missedBounds(testFigures, FLOORS);
const shortOfTargets = missedBounds(testFigures, TARGETS);
console.log(
  belowFloors.length === 0
    ? '\ntest split: every regression floor met'
    : `\ntest split, REGRESSION: ${belowFloors.join('; ')}`,
);
console.log(
  shortOfTargets.length === 0
    ? 'test split: every target met'
    : `test split, targets not met yet: ${shortOfTargets.join('; ')}`,
);

if (args.misses) {
  const describe = (o: Outcome) => {
    if (o.line.label === 'clean') return o.flagged ? `flagged (${o.rules.join(', ')})` : null;
    if (!o.flagged) return 'missed';
    if (o.line.label === 'promissory' && !o.high) return `not high (${o.rules.join(', ')})`;
    return null;
  };
  for (const split of ['train', 'dev'] as const) {
    console.log(`\nerrors in ${split}:`);
    for (const o of inSplit(split)) {
      const what = describe(o);
      if (what) console.log(`  ${o.line.id} [${o.line.label}/${o.line.kind}] ${what}: ${o.line.text}`);
    }
  }
}
