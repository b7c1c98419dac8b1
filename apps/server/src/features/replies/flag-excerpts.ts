import {
  APPROVAL_QUEUE_EXCERPTS_MAX,
  APPROVAL_QUEUE_PREVIEW_CHARS,
  COMPLIANCE_SEVERITIES,
  type ComplianceFlag,
  complianceFlagSchema,
  type FlagExcerpt,
  flagRationale,
} from '@parley/contracts';

/**
 * What the approval queue shows of a submitted draft without sending the whole text: the passages
 * around its flags and the draft's first lines. The approve dialog loads the full version.
 */

/** Characters of context on each side of a flagged span, before cutting back to a word boundary. */
const CONTEXT_CHARS = 80;

/** The flags of a stored check (JSON from the database); an entry that is not a flag is skipped. */
export function storedFlagsOf(stored: unknown): ComplianceFlag[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = complianceFlagSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function severityIndex(severity: string): number {
  return (COMPLIANCE_SEVERITIES as readonly string[]).indexOf(severity);
}

/** The flags, highest severity first, then in reading order. */
export function bySeverityThenPosition<T extends { severity: string; start: number }>(
  flags: readonly T[],
): T[] {
  return [...flags].sort(
    (a, b) => severityIndex(a.severity) - severityIndex(b.severity) || a.start - b.start,
  );
}

function contextBefore(text: string, start: number) {
  const from = start - CONTEXT_CHARS;
  if (from <= 0) return { text: text.slice(0, start), cut: false };
  const space = text.slice(from, start).search(/\s/);
  return { text: text.slice(space === -1 ? from : from + space + 1, start), cut: true };
}

function contextAfter(text: string, end: number) {
  const to = end + CONTEXT_CHARS;
  if (to >= text.length) return { text: text.slice(end), cut: false };
  const window = text.slice(end, to);
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  return { text: window.slice(0, space <= 0 ? window.length : space), cut: true };
}

/** The passages of the given (unresolved) flags, at most APPROVAL_QUEUE_EXCERPTS_MAX. */
export function excerptsOf(text: string, flags: readonly ComplianceFlag[]): FlagExcerpt[] {
  return bySeverityThenPosition(flags)
    .slice(0, APPROVAL_QUEUE_EXCERPTS_MAX)
    .map((flag) => {
      const start = Math.min(Math.max(0, flag.start), text.length);
      const end = Math.min(Math.max(start, flag.end), text.length);
      const before = contextBefore(text, start);
      const after = contextAfter(text, end);
      return {
        term: flag.term,
        severity: flag.severity,
        rule: flag.rule,
        rationale: flagRationale(flag),
        suggestion: flag.suggestion,
        before: before.text,
        match: text.slice(start, end),
        after: after.text,
        cut_before: before.cut,
        cut_after: after.cut,
      };
    });
}

/** The start of the draft in whole words, with an ellipsis when it goes on. */
export function previewOf(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= APPROVAL_QUEUE_PREVIEW_CHARS) return trimmed;
  const window = trimmed.slice(0, APPROVAL_QUEUE_PREVIEW_CHARS);
  const space = window.search(/\s\S*$/);
  return `${(space > 0 ? window.slice(0, space) : window).trimEnd()}…`;
}
