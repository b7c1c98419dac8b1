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

/** What the checker uses: the organisation's lexicon and patterns. */
export type GuardrailPolicy = { lexicon: LexiconEntry[]; patterns: PatternRule[] };

/** docs/product.md §3 Compliance flag, with exact UTF-16 offsets into the checked string (end exclusive). */
export type Flag = {
  term: string;
  severity: Severity;
  suggestion: string;
  start: number;
  end: number;
  /** `lexicon:<term>` or `pattern:<id>`. */
  rule: string;
  explanation: string;
};

/**
 * docs/product.md §7 ai-guardrail-check: flags, and requires_approval when any flag is high (docs/product.md
 * §6).
 */
export type CheckResult = { flags: Flag[]; requires_approval: boolean };
