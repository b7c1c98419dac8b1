import { FRAME_DEFS } from './frames/defs';
import { BUILTIN_DEFS } from './patterns';
import type { GuardrailPolicy, LexiconEntry, PatternRule } from './types';

/** docs/product.md §2 Compliance center: the forbidden lexicon of 6 terms, each high with a replacement. */
export const DEFAULT_LEXICON: LexiconEntry[] = [
  { term: 'guaranteed', severity: 'high', suggestion: 'targeted', enabled: true },
  { term: 'risk-free', severity: 'high', suggestion: 'lower-risk', enabled: true },
  { term: 'will outperform', severity: 'high', suggestion: 'may outperform', enabled: true },
  { term: 'projected returns', severity: 'high', suggestion: 'target returns', enabled: true },
  { term: 'no risk', severity: 'high', suggestion: 'limited risk', enabled: true },
  {
    term: 'you should invest',
    severity: 'high',
    suggestion: 'you may wish to consider investing',
    enabled: true,
  },
];

/**
 * The 12 built-in promissory and forward-looking patterns (rules in patterns.ts, keyed by id), then the
 * 4 sentence frames (frames/defs.ts: promise of an outcome, safety claim, estimate, exhortation).
 * A built-in's `suggestion` is shown in the Compliance center; while it is unchanged the checker rewrites
 * the matched text in place (e.g. 'we expect a 12% IRR' → 'we target a 12% IRR (not guaranteed)'); an
 * organisation's own suggestion replaces the whole match.
 */
export const BUILTIN_PATTERNS: PatternRule[] = [...BUILTIN_DEFS, ...FRAME_DEFS].map((def) => ({
  id: def.id,
  name: def.name,
  severity: def.severity,
  suggestion: def.suggestion,
  explanation: def.explanation,
  enabled: true,
  phrase: null,
}));

export function defaultPolicy(): GuardrailPolicy {
  return {
    lexicon: DEFAULT_LEXICON.map((entry) => ({ ...entry })),
    patterns: BUILTIN_PATTERNS.map((rule) => ({ ...rule })),
  };
}
