// The default rules and the helpers that need no checker, as an entry of their own: importing them
// does not load the checker's sentence model, so the server can load `check` on its first use
// (docs/decisions/045-compiled-server.md).
export { BUILTIN_PATTERNS, DEFAULT_LEXICON, defaultPolicy } from './defaults';
export { validatePhrase } from './phrase';
export { applySuggestion, matchCase } from './suggest';
