export { applySuggestion, check, lexiconExplanation, matchCase, validatePhrase } from './check';
export { BUILTIN_PATTERNS, DEFAULT_LEXICON, defaultPolicy } from './defaults';
export { MAX_GAPS, MAX_PHRASE_LENGTH, MAX_WORDS } from './phrase';
export * from './types';
