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

type Range = { start: number; end: number };

/**
 * Where a flag is in the editor's text: its own offsets while the stored check matches the text;
 * once the text changed, the occurrence of its words nearest to where they were, or null when they
 * are gone (the rail still points the user at the right words after an edit).
 */
export function flagRangeIn(text: string, flag: ComplianceFlag, isStale: boolean): Range | null {
  if (!isStale) {
    return flag.start >= 0 && flag.end <= text.length && flag.end > flag.start
      ? { start: flag.start, end: flag.end }
      : null;
  }
  const term = flag.term;
  if (term === '') return null;
  const after = text.indexOf(term, Math.max(0, flag.start));
  const before = text.lastIndexOf(term, flag.start);
  const at =
    after === -1
      ? before
      : before === -1
        ? after
        : after - flag.start <= flag.start - before
          ? after
          : before;
  return at === -1 ? null : { start: at, end: at + term.length };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The part of `after` that differs from `before` (a common start and end kept aside), widened to whole
 * words: where Apply Fix put its suggestion, so the editor can select it ('targeted', not 'target'
 * for 'guaranteed'). An empty range where text was only removed.
 */
export function changedRange(before: string, after: string): Range {
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < limit - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  if (start === after.length - end) return { start, end: start };
  let wordStart = start;
  while (wordStart > 0 && WORD_CHAR.test(after[wordStart - 1] ?? '')) wordStart -= 1;
  let wordEnd = after.length - end;
  while (wordEnd < after.length && WORD_CHAR.test(after[wordEnd] ?? '')) wordEnd += 1;
  return { start: wordStart, end: wordEnd };
}
