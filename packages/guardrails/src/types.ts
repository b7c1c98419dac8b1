/** docs/product.md §3 Compliance flag severities. */
export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** A forbidden term: a word or phrase matched case-insensitively on word boundaries. */
export type LexiconEntry = {
  term: string;
  severity: Severity;
  suggestion: string;
  enabled: boolean;
};

/**
 * A guardrail pattern. Built-in patterns (`phrase` null) are rules written in code and keyed by
 * `id`; an organisation may change their severity, suggestion or disable them. Custom patterns carry
 * a `phrase` in the safe phrase syntax (see `validatePhrase`), never a regular expression.
 */
export type PatternRule = {
  id: string;
  name: string;
  severity: Severity;
  suggestion: string;
  explanation: string;
  enabled: boolean;
  phrase: string | null;
};

/**
 * What the checker uses: the organisation's lexicon and patterns, and its forward-looking disclaimer
 * (a hedged estimate in a text that carries the disclaimer is only low).
 */
export type GuardrailPolicy = { lexicon: LexiconEntry[]; patterns: PatternRule[]; disclaimer?: string };

/** docs/product.md §3 Compliance flag, with exact UTF-16 offsets into the checked string (end exclusive). */
export type Flag = {
  term: string;
  severity: Severity;
  suggestion: string;
  start: number;
  end: number;
  /** `lexicon:<term>`, `pattern:<id>` (built-ins, sentence frames and custom patterns) or `classifier:<label>`. */
  rule: string;
  explanation: string;
  /** Why this text was flagged, in one sentence quoting it: 'Promises a return: "You'll earn 9% a year"'. */
  rationale: string;
};

/** A sentence the checker is unsure about (the classifier's middle band), for an optional second opinion. */
export type Uncertain = { start: number; end: number; text: string; score: number };

/**
 * docs/product.md §7 ai-guardrail-check: flags, and requires_approval when any flag is high (docs/product.md
 * §6).
 */
export type CheckResult = { flags: Flag[]; requires_approval: boolean; uncertain: Uncertain[] };

/**
 * Which layers run: `all` (default) adds the sentence layer (frames, context, classifier) to the rule
 * layer (lexicon and patterns, fast tokens only); `rules` is the rule layer alone (benchmarks); `frames`
 * is both without the classifier (what the trainer combines the model with).
 */
export type CheckOptions = { layers?: 'all' | 'rules' | 'frames' };
