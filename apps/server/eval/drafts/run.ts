import { createPglite, wrapPglite } from '../../src/db/client';
import { type ClaimOutcome, claimFiguresFor, evaluateClaims } from './evaluate-claims';
import { type ConsistencyOutcome, consistencyFiguresFor, evaluateConsistency } from './evaluate-consistency';
import { type CaseOutcome, evaluateDrafts, type Figures, figuresFor } from './evaluate-drafts';
import { FLOORS, TARGETS } from './floors';
import { ceilingAt } from './ranking-ceiling';

// `npm run eval:drafts`: the built-in drafter's figures per split and source (docs/drafting-eval.md).
// `-- --misses` lists the dev split's failures; the test split's are never listed, so nobody tunes on them.

const pct = (x: number) => x.toFixed(3);

function row(label: string, f: Figures) {
  return `${label.padEnd(22)} ${String(f.cases).padStart(5)}   ${pct(f.answerAccuracy)}    ${pct(f.declines)}    ${pct(f.citationSupport)}    ${String(f.unsupportedFigures).padStart(3)}`;
}

function print(outcomes: CaseOutcome[]) {
  console.log(`${''.padEnd(22)} cases   answers  declines support  unsupported figures`);
  for (const split of ['dev', 'test'] as const) {
    const inSplit = outcomes.filter((o) => o.split === split);
    console.log(row(`${split} (all)`, figuresFor(inSplit)));
    for (const source of [...new Set(inSplit.map((o) => o.case.source))].sort()) {
      console.log(row(`  ${source}`, figuresFor(inSplit.filter((o) => o.case.source === source))));
    }
  }
  console.log(
    `targets (test split): answers >= ${TARGETS.answerAccuracy}, declines >= ${TARGETS.declines}, support >= ${TARGETS.citationSupport}, unsupported figures ${TARGETS.unsupportedFigures}`,
  );
  console.log(
    `floors the test enforces: answers >= ${FLOORS.answerAccuracy}, declines >= ${FLOORS.declines}, support >= ${FLOORS.citationSupport}, unsupported figures ${FLOORS.unsupportedFigures}`,
  );
}

/** docs/decisions/029-built-in-drafter-ceiling.md: what word overlap could reach at best. */
function printCeiling(outcomes: CaseOutcome[]) {
  const ks = [1, 3, 5, 10, 20, Number.MAX_SAFE_INTEGER];
  console.log(
    `\nRanking ceiling: answerable cases whose facts all sit in the top k sentences by word overlap`,
  );
  console.log(`${''.padEnd(22)} ${ks.map((k) => (k > 1000 ? 'any' : `k=${k}`).padStart(6)).join(' ')}`);
  for (const split of ['dev', 'test'] as const) {
    const ranks = outcomes
      .filter((o) => o.split === split && o.case.expect !== 'decline')
      .map((o) => o.factRank);
    console.log(
      `${split.padEnd(22)} ${ceilingAt(ranks, ks)
        .map((c) => pct(c.share).padStart(6))
        .join(' ')}`,
    );
  }
}

function printMisses(outcomes: CaseOutcome[]) {
  for (const o of outcomes.filter((x) => x.split === 'dev')) {
    const wrong =
      o.case.expect === 'decline'
        ? !o.declined
        : !o.correct || o.supported < o.cited || o.unsupportedFigures.length > 0;
    if (!wrong && o.unsupportedFigures.length === 0) continue;
    console.log(`\n=== ${o.case.id} [${o.case.expect}/${o.case.kind}] ${o.case.subject}`);
    console.log(`Q: ${o.case.body.replace(/\s+/g, ' ')}`);
    if (o.case.facts.length) console.log(`facts: ${JSON.stringify(o.case.facts)}`);
    if (o.case.open) console.log(`open: ${o.case.open}`);
    console.log(
      `cited ${o.cited}, supporting ${o.supported}; unsupported figures: ${o.unsupportedFigures.join(', ')}`,
    );
    console.log(o.body.trim());
  }
}

function printClaims(outcomes: ClaimOutcome[], misses: boolean) {
  if (misses) {
    for (const o of outcomes.filter(
      (x) => x.split === 'dev' && (x.wrong.length || x.found.length < x.claim.unsupported.length),
    )) {
      console.log(
        `\n=== ${o.claim.id}: expected ${JSON.stringify(o.claim.unsupported)}, flagged ${JSON.stringify(o.flagged)}`,
      );
      if (o.claim.note) console.log(o.claim.note);
    }
  }
  console.log(`\nClaim check, 'Unsupported figure'     replies  precision  recall`);
  for (const split of ['dev', 'test'] as const) {
    const inSplit = outcomes.filter((o) => o.split === split);
    const line = (label: string, list: ClaimOutcome[]) => {
      const f = claimFiguresFor(list);
      console.log(
        `${label.padEnd(38)} ${String(f.replies).padStart(5)}    ${pct(f.precision)}    ${pct(f.recall)}`,
      );
    };
    line(`${split} (all)`, inSplit);
    for (const source of [...new Set(inSplit.map((o) => o.claim.source))].sort()) {
      line(
        `  ${source}`,
        inSplit.filter((o) => o.claim.source === source),
      );
    }
  }
  console.log(
    `targets: precision and recall >= ${TARGETS.claimPrecision}; floors the test enforces: ${FLOORS.claimPrecision} / ${FLOORS.claimRecall}`,
  );
}

/** 'Inconsistent' per split and source; the test split only in aggregate, so nobody tunes on it. */
function printConsistency(outcomes: ConsistencyOutcome[], misses: boolean) {
  if (misses) {
    for (const o of outcomes.filter(
      (x) => x.split === 'dev' && (x.wrong.length || x.found.length < x.case.inconsistent.length),
    )) {
      console.log(
        `\n=== ${o.case.id} [${o.case.kind}]: expected ${JSON.stringify(o.case.inconsistent)}, flagged ${JSON.stringify(o.flagged.map((f) => f.term))}`,
      );
      if (o.case.note) console.log(o.case.note);
    }
  }
  console.log(`\nConsistency check, 'Inconsistent'     cases    precision  recall`);
  const line = (label: string, list: ConsistencyOutcome[]) => {
    const f = consistencyFiguresFor(list);
    console.log(
      `${label.padEnd(38)} ${String(f.cases).padStart(5)}    ${pct(f.precision)}    ${pct(f.recall)}`,
    );
  };
  const dev = outcomes.filter((o) => o.split === 'dev');
  line('dev (all)', dev);
  for (const source of [...new Set(dev.map((o) => o.case.source))].sort()) {
    line(
      `  ${source}`,
      dev.filter((o) => o.case.source === source),
    );
  }
  line(
    'test (all)',
    outcomes.filter((o) => o.split === 'test'),
  );
  console.log(
    `targets: precision and recall >= ${TARGETS.inconsistentPrecision}; floors the test enforces: ${FLOORS.inconsistentPrecision} / ${FLOORS.inconsistentRecall}`,
  );
}

const database = wrapPglite(await createPglite());
try {
  await database.migrate();
  const outcomes = await evaluateDrafts(database);
  if (process.argv.includes('--misses')) printMisses(outcomes);
  print(outcomes);
  printCeiling(outcomes);
  printClaims(evaluateClaims(), process.argv.includes('--misses'));
  printConsistency(await evaluateConsistency(database), process.argv.includes('--misses'));
} finally {
  await database.close();
}
