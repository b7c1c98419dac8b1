import { COMPLIANCE_TEXTS, type DraftVersion, type SaveDraftInput } from '@parley/contracts';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { useCheckCompliance } from '@/api/drafts/check-compliance';
import { useSaveDraft } from '@/api/drafts/save-draft';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { checkBlockedReason } from './compliance-rules';
import { DisabledWithReason } from './draft-disabled-action';

/**
 * docs/product.md §2 Message detail, Check Compliance ('Checking...' while busy). The server checks the
 * stored text, so
 * unsaved edits are saved as a new version first, then that version is checked.
 */
export function ComplianceCheckButton({
  messageId,
  draft,
  saveInput,
  isDirty,
  hasFund,
  canWrite,
  isBusy,
  onSaved,
  onChecked,
}: {
  messageId: string;
  draft: DraftVersion | null;
  /** What Save Draft would send: the editor's text, its base version, a restored version. */
  saveInput: SaveDraftInput;
  isDirty: boolean;
  /** Whether the message has a fund; undefined while the message loads. */
  hasFund: boolean | undefined;
  canWrite: boolean;
  /** Another draft action is running. */
  isBusy: boolean;
  onSaved: (draft: DraftVersion) => void;
  /** The check is stored: the flag summary now shows its result. */
  onChecked: () => void;
}) {
  const check = useCheckCompliance(messageId);
  const save = useSaveDraft(messageId);
  const isChecking = check.isPending || save.isPending;
  const { text } = saveInput;
  const needsSave = isDirty && text.trim() !== '' && text !== draft?.draftText;
  const reason = checkBlockedReason({
    canWrite,
    hasFund,
    hasDraft: Boolean(draft) || (isDirty && text.trim() !== ''),
  });

  async function run() {
    if (isChecking || isBusy || reason || hasFund === undefined) return;
    try {
      let version = draft?.version ?? 0;
      if (needsSave) {
        const saved = await save.mutateAsync(saveInput);
        onSaved(saved);
        version = saved.version;
      }
      if (version === 0) return;
      await check.mutateAsync(version);
      onChecked();
    } catch (error) {
      toast.error(COMPLIANCE_TEXTS.checkFailed, {
        description: getErrorMessage(error, 'Try again in a moment.'),
      });
    }
  }

  if (reason) {
    return (
      <DisabledWithReason reason={reason}>
        <Button
          type="button"
          variant="outline"
          aria-disabled="true"
          className="cursor-not-allowed opacity-50 aria-disabled:pointer-events-auto"
        >
          <ShieldCheck aria-hidden />
          {COMPLIANCE_TEXTS.checkCompliance}
          <span className="sr-only">({reason})</span>
        </Button>
      </DisabledWithReason>
    );
  }
  return (
    <Button
      type="button"
      variant="outline"
      onClick={run}
      disabled={isChecking || isBusy || hasFund === undefined}
      aria-busy={isChecking}
      title={needsSave ? 'Saves your edits as a new version, then checks it' : undefined}
    >
      {isChecking ? (
        <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
      ) : (
        <ShieldCheck aria-hidden />
      )}
      {isChecking ? COMPLIANCE_TEXTS.checking : COMPLIANCE_TEXTS.checkCompliance}
    </Button>
  );
}
