// Checks the import rules: the dependency-cruiser rules of .dependency-cruiser.cjs, plus no cycle between
// feature folders (computed here from the same graph, on non-test modules: a test may import any feature).
// Known violations (that config's `options.knownViolations`) are skipped; an entry that no longer occurs
// fails the check, so the list only shrinks. Why: docs/decisions/018-import-boundaries.md.
//
// Usage: node scripts/check-import-rules.mjs [--root <repository copy>]   (exit 1 on any violation)
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** What is checked (tests and benchmarks too: they must not cross the apps either). */
const SOURCES = ['apps/server/src', 'apps/server/test', 'apps/server/bench', 'apps/web/src', 'packages'];
const FEATURE_CYCLE = {
  name: 'no-feature-cycle',
  comment:
    'These features import each other in a cycle (through non-test modules; each arrow names one import ' +
    'that makes it). Features form layers: the lower one must not know the higher one. Move the shared ' +
    'rule into the lower feature (or apps/*/src/lib), or let the caller pass the result in.',
};
const FEATURE = /^(apps\/(?:server|web)\/src\/features\/[^/]+)\//;
const TEST_MODULE = /[.]test[.]tsx?$/;

const { values: args } = parseArgs({ options: { root: { type: 'string' } } });
const root = path.resolve(args.root ?? path.join(import.meta.dirname, '..'));
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const known = config.options.knownViolations ?? [];

// dependency-cruiser names modules relative to the working directory.
process.chdir(root);
const { output } = await cruise(
  SOURCES.filter((source) => existsSync(source)),
  { ...config.options, ruleSet: config, validate: true },
  {},
  { tsConfig: extractTSConfig(config.options.tsConfig.fileName) },
);

/** A cycle as one string, from its smallest member back to it, so each rotation of a cycle reads the same. */
function cycleKey(members) {
  const start = members.indexOf([...members].sort()[0]);
  return [...members.slice(start), ...members.slice(0, start), members[start]].join(' → ');
}
/** A violation's cycle in import order from `from` (dependency-cruiser's shape; known entries share it). */
const cycleMembers = (v) => [v.from, ...v.cycle.map((step) => step.name).slice(0, -1)];
const describe = (v) => (v.cycle ? cycleKey(cycleMembers(v)) : `${v.from} → ${v.to}`);
/** Matches as dependency-cruiser does: an import by its two ends, a cycle by its members in any order. */
const matchKey = (v) =>
  `${v.rule.name}: ${v.cycle ? cycleMembers(v).sort().join(' ') : `${v.from} → ${v.to}`}`;

// dependency-cruiser's rules: it already turned the known violations to severity "ignore". A cycle is
// reported once per member; keep one.
const reported = new Map();
for (const violation of output.summary.violations) reported.set(matchKey(violation), violation);
const problems = [...reported.values()]
  .filter((v) => v.rule.severity !== 'ignore')
  .map((v) => ({ rule: v.rule, text: describe(v) }));

// Feature cycles: the graph of feature folders, from non-test modules.
const featureEdges = new Map(); // feature → (feature → the first import found that makes the edge)
for (const module of output.modules) {
  const from = FEATURE.exec(module.source)?.[1];
  if (!from || TEST_MODULE.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = FEATURE.exec(dependency.resolved)?.[1];
    if (!to || to === from) continue;
    if (!featureEdges.has(from)) featureEdges.set(from, new Map());
    const edges = featureEdges.get(from);
    if (!edges.has(to)) edges.set(to, `${module.source} → ${dependency.resolved}`);
  }
}
/** Every elementary cycle, each found once from its smallest member (the graph has a few dozen nodes). */
function findCycles(edges) {
  const cycles = [];
  const visit = (start, path) => {
    for (const next of edges.get(path.at(-1))?.keys() ?? []) {
      if (next === start) cycles.push([...path]);
      else if (next > start && !path.includes(next)) visit(start, [...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) visit(start, [start]);
  return cycles;
}
const knownFeatureCycles = new Set(
  known
    .filter((entry) => entry.rule.name === FEATURE_CYCLE.name)
    .map((entry) => cycleKey(cycleMembers(entry))),
);
const featureCycles = findCycles(featureEdges);
const foundFeatureCycles = new Set(featureCycles.map(cycleKey));
for (const members of featureCycles) {
  if (knownFeatureCycles.has(cycleKey(members))) continue;
  const imports = members.map((member, i) => featureEdges.get(member).get(members[(i + 1) % members.length]));
  problems.push({ rule: FEATURE_CYCLE, text: cycleKey(members), imports });
}

// Known entries that no longer occur.
const stale = known.filter((entry) =>
  entry.rule.name === FEATURE_CYCLE.name
    ? !foundFeatureCycles.has(cycleKey(cycleMembers(entry)))
    : !reported.has(matchKey(entry)),
);

const comments = new Map([...config.forbidden, FEATURE_CYCLE].map((r) => [r.name, r.comment]));
for (const name of new Set(problems.map((problem) => problem.rule.name))) {
  const list = problems.filter((problem) => problem.rule.name === name);
  console.error(`\n✗ ${name}: ${comments.get(name)}`);
  for (const problem of list) {
    console.error(`  ${problem.text}`);
    for (const line of problem.imports ?? []) console.error(`      ${line}`);
  }
}
if (stale.length > 0) {
  console.error('\n✗ Known violations that no longer occur: delete them from .dependency-cruiser.cjs');
  for (const entry of stale) console.error(`  ${entry.rule.name}: ${describe(entry)}`);
}

const counts = `${output.summary.totalCruised} modules, ${output.summary.totalDependenciesCruised} imports`;
if (problems.length > 0 || stale.length > 0) {
  console.error(
    `\nImport rules: ${problems.length} violation(s), ${stale.length} stale known entry(ies) (${counts}).`,
  );
  process.exitCode = 1;
} else {
  console.log(`Import rules: OK (${counts}; ${known.length} known violations skipped).`);
}
