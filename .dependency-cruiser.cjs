// The import rules `npm test` keeps. Run them with `npm run lint:imports` (scripts/check-import-rules.mjs,
// which adds the one rule dependency-cruiser cannot express: no cycle between feature folders). Why
// dependency-cruiser, and what a feature's public modules are: docs/decisions/018-import-boundaries.md.

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'unresolvable-import',
    comment:
      'An import that cannot be resolved to a file or an installed package. The other rules cannot see ' +
      'through it: fix the path, install the package, or (for an alias) declare it in apps/web/tsconfig.json.',
    severity: 'error',
    from: {},
    to: { couldNotResolve: true },
  },
  {
    name: 'no-import-cycle',
    comment:
      'These modules import each other in a cycle (type-only imports count: they couple the files just the ' +
      'same). Break it: move what both sides need into a module neither imports back (a service, ' +
      'apps/server/src/lib, apps/web/src/lib), or pass it in as an argument.',
    severity: 'error',
    from: { path: '^(apps|packages)/[^/]+/src/' },
    to: { circular: true },
  },
  {
    name: 'server-feature-internals',
    comment:
      "A server feature imports another feature's internals: its *.queries.ts (SQL) or *.routes.ts (HTTP " +
      "wiring). Call that feature's service or another of its public modules instead; if the query is " +
      'needed by both, the owning feature exports a service function for it.',
    severity: 'error',
    from: { path: '^apps/server/src/features/([^/]+)/' },
    to: {
      path: '^apps/server/src/features/[^/]+/.+[.](queries|routes)[.]ts$',
      pathNot: '^apps/server/src/features/$1/',
    },
  },
  {
    name: 'no-test-imports',
    comment:
      'A module imports a *.test.ts(x) file. Tests are leaves: move the shared piece into a helper module ' +
      '(apps/server/test, a test-helpers.ts) and import that.',
    severity: 'error',
    from: {},
    to: { path: '[.]test[.]tsx?$' },
  },
  {
    name: 'web-feature-imports-feature',
    comment:
      'A web feature imports another feature or the app shell. Features do not import each other: move the ' +
      'shared piece into apps/web/src/{api,lib,components}, or let apps/web/src/app compose the two features.',
    severity: 'error',
    from: { path: '^apps/web/src/features/([^/]+)/' },
    to: { path: '^apps/web/src/(features|app)/', pathNot: '^apps/web/src/features/$1/' },
  },
  {
    name: 'web-shared-imports-feature',
    comment:
      'Shared web code (apps/web/src/{api,lib,components}) imports a feature or the app shell. Shared code ' +
      'sits below the features; only apps/web/src/app composes features.',
    severity: 'error',
    from: { path: '^apps/web/src/(api|lib|components)/' },
    to: { path: '^apps/web/src/(features|app)/' },
  },
  {
    name: 'web-imports-server',
    comment:
      'Browser code imports server code. The two apps share only packages/contracts (zod schemas, enums, ' +
      'error codes, constants): put the shared definition there.',
    severity: 'error',
    from: { path: '^apps/web/' },
    to: { path: '^apps/server/' },
  },
  {
    name: 'server-imports-web',
    comment:
      'Server code imports browser code. The two apps share only packages/contracts: put the shared ' +
      'definition there.',
    severity: 'error',
    from: { path: '^apps/server/' },
    to: { path: '^apps/web/' },
  },
  {
    name: 'package-imports-app',
    comment:
      'A package under packages/ imports an app. Packages sit below both apps and build without them: move ' +
      'the piece into the package, or keep it in the app.',
    severity: 'error',
    from: { path: '^packages/' },
    to: { path: '^apps/' },
  },
  {
    name: 'guardrails-io',
    comment:
      'packages/guardrails is pure (text and policy in, flags out): it imports no Node built-in module, so ' +
      'no file, network or process access. Do the I/O in apps/server and pass the data in.',
    severity: 'error',
    from: { path: '^packages/guardrails/src/', pathNot: '[.]test[.]ts$' },
    to: { dependencyTypes: ['core'] },
  },
];

// Known violations: imports that break a rule and are being fixed, each one exact import or the exact
// files of one cycle (dependency-cruiser's shape: { type, rule, from, to, cycle? }), so a NEW violation
// still fails, even between the same features. The list is empty and meant to stay so: an entry that no
// longer occurs fails `npm run lint:imports`, so the list can only shrink. Never add an entry to make new
// code pass.
const knownViolations = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|migrations)/' },
    // Type-only imports count: a type taken from another feature's queries is still that feature's internals.
    tsPreCompilationDeps: true,
    // For the web app's `@/…` alias (it extends apps/web/tsconfig.json, with a baseUrl dependency-cruiser needs).
    tsConfig: { fileName: `${__dirname}/.dependency-cruiser.tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    knownViolations,
  },
};
