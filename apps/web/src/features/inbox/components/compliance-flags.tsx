import { COMPLIANCE_TEXTS, type ComplianceFlag } from '@parley/contracts';
import { useId } from 'react';
import { toast } from 'sonner';
import { useApplyFix } from '@/api/drafts/apply-fix';
import { useLatestDraft } from '@/api/drafts/get-latest-draft';
import { getErrorMessage } from '@/lib/api-client';
import { focusWhenShown } from '@/lib/focus-when-shown';
import { cn } from '@/lib/utils';
import type { DraftEditor } from '../use-draft-editor';
import { ComplianceFlagItem } from './compliance-flag-item';
import { changedRange, flagRangeIn } from './compliance-rules';
import { selectInEditor } from './flagged-textarea';

/**
 * docs/product.md §2 'Compliance Flags', the rail beside the draft editor (below it on a narrow
 * workspace): the latest version's stored flags with term, severity, why it was raised and
 * suggestion; the term selects its words in the editor; Apply Fix (the suggestion as a new version,
 * checked again) returns focus to the editor with the fixed words selected; 'Not a problem here' with
 * a reason (cleared flags stay listed, struck, with who and why). Counts, 'not checked' and 'no
 * issues' are said once, by the flag summary above the editor, so the rail shows only when there
 * are flags (docs/decisions/051-a-thread-built-for-work.md).
 */
export function ComplianceFlagsRail({
  messageId,
  canWrite,
  editor,
  className,
}: {
  messageId: string;
  canWrite: boolean;
  editor: DraftEditor;
  className?: string;
}) {
  const titleId = useId();
  const latest = useLatestDraft(messageId);
  const fix = useApplyFix(messageId);
  const draft = latest.data;
  const flags = draft?.compliance?.flags ?? [];
  const { isCheckStale: isStale, textareaRef } = editor;
  if (!draft || flags.length === 0) return null;

  function show(flag: ComplianceFlag) {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const range = flagRangeIn(textarea.value, flag, isStale);
    if (range) selectInEditor(textarea, range);
    else textarea.focus();
  }

  function apply(flag: ComplianceFlag) {
    if (!draft || fix.isPending) return;
    const before = draft.draftText;
    fix.mutate(
      { start: flag.start, end: flag.end, based_on_version: draft.version },
      {
        onSuccess: (next) => {
          toast.success(COMPLIANCE_TEXTS.suggestionApplied);
          // Back to the editor once it holds the new version, with the words the fix wrote selected.
          focusWhenShown(
            () => {
              const textarea = textareaRef.current;
              return textarea && textarea.value === next.draftText ? textarea : null;
            },
            { onFocused: (textarea) => selectInEditor(textarea, changedRange(before, next.draftText)) },
          );
        },
        onError: (error) => {
          toast.error(getErrorMessage(error, COMPLIANCE_TEXTS.applyFixFailed));
        },
      },
    );
  }

  const blocked = !canWrite
    ? 'Your role can read drafts but not change them.'
    : isStale
      ? COMPLIANCE_TEXTS.staleCheck
      : null;

  return (
    <section aria-labelledby={titleId} className={cn('grid content-start gap-3', className)}>
      <div>
        <h2 id={titleId} className="font-semibold text-base leading-none">
          {COMPLIANCE_TEXTS.flagsTitle}
        </h2>
      </div>
      <ul className="grid gap-3">
        {flags.map((flag) => (
          <ComplianceFlagItem
            key={`${flag.start}-${flag.end}-${flag.rule}`}
            messageId={messageId}
            version={draft.version}
            flag={flag}
            canWrite={canWrite}
            applyBlocked={blocked}
            isApplying={
              fix.isPending && fix.variables?.start === flag.start && fix.variables?.end === flag.end
            }
            isApplyPending={fix.isPending}
            onApply={() => apply(flag)}
            onShow={() => show(flag)}
          />
        ))}
      </ul>
    </section>
  );
}
