import {
  DRAFT_TEXTS,
  type DraftVersion,
  fallbackNotice,
  INBOX_TEXTS,
  unresolvedFlags,
} from '@parley/contracts';
import { History, LoaderCircle, RotateCcw, Save, Sparkles, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { drafterFailureReference, useGenerateDraft } from '@/api/drafts/generate-draft';
import { useDraftVersion } from '@/api/drafts/get-draft-version';
import { useLatestDraft } from '@/api/drafts/get-latest-draft';
import { useDraftVersions } from '@/api/drafts/list-draft-versions';
import { useSaveDraft } from '@/api/drafts/save-draft';
import { useMessage } from '@/api/messages/get-message';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { byId, focusWhenShown, THREAD_FOCUS } from '@/lib/focus-when-shown';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { DraftEditor } from '../use-draft-editor';
import { ApprovalActions } from './approval-actions';
import { ApprovalStatus } from './approval-status';
import { ComplianceCheckButton } from './compliance-check-button';
import { ComplianceFlagsRail } from './compliance-flags';
import { ComplianceSummary } from './compliance-summary';
import { ComplianceTemplatePicker } from './compliance-template-picker';
import { DraftProvenance } from './draft-provenance';
import { DraftSources } from './draft-sources';
import { FlaggedTextarea } from './flagged-textarea';

const LATEST = 'latest';

/**
 * docs/product.md §2 'Draft Workspace': generate a version, edit it (its flags marked in place, the
 * flags rail beside it), save the edit as a new version (then back to the inbox), view earlier
 * versions read-only and restore one into the editor; check compliance; submit for approval and
 * Mark Final / Approve & Send (approval-actions.tsx, approval-status.tsx).
 */
export function DraftWorkspace({
  messageId,
  canWrite,
  editor,
}: {
  messageId: string;
  canWrite: boolean;
  /** The thread page's draft editor (use-draft-editor.ts). */
  editor: DraftEditor;
}) {
  const id = useId();
  const navigate = useNavigate();
  const latest = useLatestDraft(messageId);
  const versions = useDraftVersions(messageId);
  const generate = useGenerateDraft(messageId);
  const save = useSaveDraft(messageId);
  const { state, dispatch, saveInput, isCheckStale: isCheckOutdated, textareaRef: editorRef } = editor;
  const { text, isDirty, viewing: viewedVersion } = state;
  const earlier = useDraftVersion(messageId, viewedVersion);

  const current: DraftVersion | null | undefined = latest.data;
  // Compliance (docs/decisions/015-compliance-policy-and-approvals.md): the fund decides whether a check may
  // run; the editor's text whether it is stale.
  const message = useMessage(messageId);
  const hasFund = message.data ? message.data.project_id !== null : undefined;

  const isBusy = generate.isPending || save.isPending;
  const shown = viewedVersion === null ? current : earlier.data;
  const shownFallback = shown?.source === 'generated' ? fallbackNotice(shown.provenance) : null;

  function onGenerate() {
    generate.mutate(undefined, {
      onSuccess: (draft) => {
        dispatch({ type: 'generated', draft });
        const fallback = fallbackNotice(draft.provenance);
        if (fallback) toast.warning(fallback);
        else toast.success(DRAFT_TEXTS.generated);
        // The draft's text takes focus; a check that ran with it updates the flag summary (a live region).
        focusWhenShown(() => editorRef.current);
      },
      onError: (error) =>
        toast.error(getErrorMessage(error, DRAFT_TEXTS.generateFailed), {
          description: drafterFailureReference(error),
        }),
    });
  }

  function onSave() {
    save.mutate(saveInput, {
      onSuccess: (draft) => {
        dispatch({ type: 'saved', draft });
        toast.success(INBOX_TEXTS.draftSaved);
        navigate(paths.inbox);
      },
      onError: (error) => {
        toast.error(getErrorMessage(error, 'Failed to save draft'));
      },
    });
  }

  /** Insert template: the template's text at the cursor (or in place of the selection). */
  function onInsertTemplate(body: string, templateId: string) {
    const textarea = editorRef.current;
    const start = textarea?.selectionStart ?? text.length;
    const end = textarea?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + body + text.slice(end);
    dispatch({ type: 'edited', text: next, templateId });
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(start + body.length, start + body.length);
    });
  }

  function onRestore() {
    if (!earlier.data) return;
    dispatch({ type: 'restored', draft: earlier.data });
    toast.info(`Version ${earlier.data.version} restored into the editor. Save Draft to keep it.`);
  }

  const textId = `${id}-draft`;
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">Draft Workspace</CardTitle>
        <Badge variant="outline" aria-label="Draft version">
          {current ? `Version ${current.version}` : 'No draft yet'}
        </Badge>
      </CardHeader>
      <CardContent className="@container grid min-w-0 gap-4 [&>*]:min-w-0">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            onClick={onGenerate}
            disabled={!canWrite || isBusy}
            aria-busy={generate.isPending}
          >
            {generate.isPending ? (
              <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
            ) : (
              <Sparkles aria-hidden />
            )}
            {generate.isPending ? 'Generating...' : 'Generate AI Draft'}
          </Button>
          <ComplianceCheckButton
            messageId={messageId}
            draft={current ?? null}
            saveInput={saveInput}
            isDirty={isDirty}
            hasFund={hasFund}
            canWrite={canWrite}
            isBusy={isBusy}
            onSaved={(draft) => dispatch({ type: 'saved', draft })}
            onChecked={() => focusWhenShown(byId(THREAD_FOCUS.checkSummary))}
          />
        </div>
        <ComplianceSummary compliance={current?.compliance} isStale={isCheckOutdated} />

        {latest.isPending ? (
          <Spinner label="Loading draft..." className="py-8" />
        ) : latest.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load the draft</AlertTitle>
            <AlertDescription>
              {getErrorMessage(latest.error, 'The draft could not be loaded.')}{' '}
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => latest.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            {versions.data && versions.data.items.length > 1 ? (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-version`} className="flex items-center gap-1.5">
                  <History aria-hidden className="size-4" />
                  Version
                </Label>
                <Select
                  value={viewedVersion === null ? LATEST : String(viewedVersion)}
                  onValueChange={(value) =>
                    dispatch({ type: 'viewed', version: value === LATEST ? null : Number(value) })
                  }
                >
                  <SelectTrigger id={`${id}-version`} className="w-full min-w-0 overflow-hidden sm:w-96">
                    {/* The latest version's number is the badge above: said once. */}
                    <SelectValue>
                      {viewedVersion === null ? 'Latest' : `Version ${viewedVersion} (read-only)`}
                    </SelectValue>
                  </SelectTrigger>
                  <SelectContent>
                    {versions.data.items.map((v, index) => (
                      <SelectItem key={v.version} value={index === 0 ? LATEST : String(v.version)}>
                        Version {v.version} ({v.source}
                        {index === 0 ? ', latest' : ''}) · {formatDateTime(v.created_at)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ) : null}

            {viewedVersion !== null ? (
              <div className="grid gap-2">
                {earlier.isPending ? (
                  <Spinner label="Loading version..." className="py-6" />
                ) : earlier.isError ? (
                  <p className="text-destructive text-sm">The version could not be loaded.</p>
                ) : (
                  <>
                    <Label htmlFor={`${id}-earlier`}>Version {viewedVersion} (read-only)</Label>
                    <Textarea
                      id={`${id}-earlier`}
                      readOnly
                      value={earlier.data.draftText}
                      className="min-h-72 bg-muted/40 font-normal"
                    />
                    <div className="flex flex-wrap gap-2">
                      {canWrite ? (
                        <Button type="button" variant="outline" onClick={onRestore}>
                          <RotateCcw aria-hidden />
                          Restore into editor
                        </Button>
                      ) : null}
                      <Button
                        type="button"
                        variant="ghost"
                        onClick={() => dispatch({ type: 'viewed', version: null })}
                      >
                        Back to the latest version
                      </Button>
                    </div>
                  </>
                )}
              </div>
            ) : (
              // The flags rail beside the editor once the workspace is wide enough, below it otherwise.
              <div className="grid items-start gap-4 @min-[40rem]:grid-cols-[minmax(0,1fr)_15rem]">
                <div className="grid min-w-0 gap-1.5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Label htmlFor={textId}>Draft</Label>
                    {canWrite ? (
                      <ComplianceTemplatePicker disabled={isBusy} onInsert={onInsertTemplate} />
                    ) : null}
                  </div>
                  <FlaggedTextarea
                    textareaRef={editorRef}
                    id={textId}
                    value={text}
                    flags={
                      current?.compliance && !isCheckOutdated
                        ? unresolvedFlags(current.compliance.flags)
                        : null
                    }
                    readOnly={!canWrite}
                    onChange={(event) => dispatch({ type: 'edited', text: event.target.value })}
                    placeholder={
                      canWrite
                        ? 'Generate an AI draft from the fund documents, or write the reply here.'
                        : 'No draft yet.'
                    }
                    className="min-h-72"
                  />
                  {isDirty ? <p className="text-muted-foreground text-xs">Unsaved changes</p> : null}
                </div>
                <ComplianceFlagsRail
                  messageId={messageId}
                  canWrite={canWrite}
                  editor={editor}
                  className="@min-[40rem]:sticky @min-[40rem]:top-18 @min-[40rem]:max-h-[calc(100dvh-5.5rem)] @min-[40rem]:overflow-y-auto"
                />
              </div>
            )}

            {shownFallback ? (
              <Alert>
                <TriangleAlert aria-hidden />
                <AlertTitle>{shownFallback}</AlertTitle>
                <AlertDescription>
                  It quotes the fund documents instead of writing a reply in its own words. Read it before
                  sending, or generate again once the AI service answers.
                </AlertDescription>
              </Alert>
            ) : null}
            <DraftSources citations={shown ? shown.citations : null} />
            {shown ? <DraftProvenance draft={shown} /> : null}
            <ApprovalStatus messageId={messageId} />

            <div className="flex flex-wrap justify-end gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={onSave}
                disabled={!canWrite || isBusy || text.trim() === '' || viewedVersion !== null}
              >
                {save.isPending ? (
                  <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
                ) : (
                  <Save aria-hidden />
                )}
                Save Draft
              </Button>
              <ApprovalActions messageId={messageId} draft={current ?? null} text={text} isDirty={isDirty} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
