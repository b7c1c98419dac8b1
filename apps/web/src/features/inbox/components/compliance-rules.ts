import { COMPLIANCE_TEXTS, type ComplianceFlag } from '@parley/contracts';

/** A stored check is stale once the editor's text differs from the text that was checked. */
export function isCheckStale(checkedText: string | undefined, editorText: string | null): boolean {
  return checkedText !== undefined && editorText !== null && editorText !== checkedText;
}

/** Why Check Compliance cannot run now, or null when it can (docs/product.md §5: a draft, and a fund). */
export function checkBlockedReason(input: {
  canWrite: boolean;
  hasFund: boolean | undefined;
  hasDraft: boolean;
}): string | null {
  if (!input.canWrite) return 'Your role can read drafts but not check them.';
  if (input.hasFund === false) return COMPLIANCE_TEXTS.noFund;
  if (!input.hasDraft) return COMPLIANCE_TEXTS.noDraftToCheck;
  return null;
}

/**
 * The lines of the text that hold a flag ([start, end) offsets, in order, merged), so the flagged
 * passages can be shown on their own instead of the whole draft a second time.
 */
export function flaggedLines(
  text: string,
  flags: readonly ComplianceFlag[],
): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (const flag of [...flags].sort((a, b) => a.start - b.start)) {
    if (flag.start < 0 || flag.end > text.length || flag.end <= flag.start) continue;
    const start = text.lastIndexOf('\n', flag.start - 1) + 1;
    const next = text.indexOf('\n', flag.end);
    const end = next === -1 ? text.length : next;
    const last = ranges.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else ranges.push({ start, end });
  }
  return ranges;
}
