import {
  type ComposeDraft,
  createMessageInputSchema,
  DRAFT_TEXTS,
  fallbackNotice,
  hasCapability,
  LOG_MESSAGE_TEXTS,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Info, LoaderCircle, Send, Sparkles, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { drafterFailureReference, useGenerateFirstDraft } from '@/api/drafts/generate-draft';
import { useCreateMessage } from '@/api/messages/create-message';
import { useFundOptions } from '@/api/projects/list-projects';
import { FormField } from '@/components/form-field';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { RelativeTime } from '@/components/relative-time';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { toastFailure } from '@/lib/toast-failure';
import { composeDraftKey } from './api/compose-draft-keys';
import { useDiscardComposeDraft } from './api/discard-compose-draft';
import { useComposeDraft } from './api/get-compose-draft';
import { TopicsInput } from './components/topics-input';
import { type ComposeForm, EMPTY_FORM, formOf } from './compose-draft';
import { type AutosaveState, useComposeAutosave } from './use-compose-autosave';

type FieldName = keyof ComposeForm;
type FieldErrors = Partial<Record<FieldName, string>>;
type Intent = 'create' | 'generate';

const FIELD_ORDER: FieldName[] = [
  'investor_name',
  'investor_email',
  'project_id',
  'subject',
  'body_text',
  'topics',
];

/**
 * /compose, 'Log investor message' (docs/product.md §2 Compose; named for what it does in
 * docs/decisions/048-no-placeholders.md): records a message an investor sent. 'Log message' is the one
 * primary action; 'Log and draft a reply' also writes the first draft from the fund's documents and
 * opens the draft workspace. The unfinished form is kept on the server as it is typed, so it follows
 * its author to another device; logging the message clears it. is_associate sees the form read-only
 * (the server refuses them).
 */
export function ComposePage() {
  const { role } = useSignedInSession();
  const canWrite = hasCapability(role, 'messages.write');
  const draft = useComposeDraft(canWrite);
  return (
    <Page width="form">
      <PageHeader title={LOG_MESSAGE_TEXTS.title} subtitle={LOG_MESSAGE_TEXTS.subtitle} />
      {!canWrite ? (
        <Alert>
          <Info aria-hidden />
          <AlertTitle>Read-only</AlertTitle>
          <AlertDescription>Your role can read messages but not create them.</AlertDescription>
        </Alert>
      ) : null}
      {canWrite && draft.isPending ? (
        <Spinner label="Loading your draft" className="py-16" />
      ) : (
        // A draft that cannot be read leaves an empty form: typing saves a new one.
        <LogMessageForm canWrite={canWrite} initial={draft.data?.draft ?? null} />
      )}
    </Page>
  );
}

function LogMessageForm({ canWrite, initial }: { canWrite: boolean; initial: ComposeDraft | null }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ComposeForm>(() => formOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [intent, setIntent] = useState<Intent | null>(null);
  const funds = useFundOptions();
  const create = useCreateMessage();
  const generateDraft = useGenerateFirstDraft();
  const discard = useDiscardComposeDraft();
  const isBusy = create.isPending || generateDraft.isPending;
  const isDisabled = !canWrite || isBusy;
  const autosave = useComposeAutosave(form, initial, !canWrite || isBusy || discard.isPending);

  function set<K extends FieldName>(field: K, value: ComposeForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function focusFirstError(fieldErrors: FieldErrors) {
    const first = FIELD_ORDER.find((field) => fieldErrors[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  /** Empties the form; a save still on its way would bring the draft back, so it goes after that. */
  function forgetDraft() {
    const pending = autosave.pendingSave();
    setForm(EMPTY_FORM);
    autosave.reset();
    if (pending) void pending.then(() => discard.mutate());
    else queryClient.setQueryData(composeDraftKey, { draft: null });
  }

  function onDiscard() {
    discard.mutate(undefined, {
      onSuccess: () => {
        forgetDraft();
        setErrors({});
      },
      onError: (error) => toastFailure('Failed to discard the draft', error),
    });
  }

  function submit(nextIntent: Intent) {
    if (isDisabled) return;
    const parsed = createMessageInputSchema.safeParse(form);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      return;
    }
    setIntent(nextIntent);
    create.mutate(parsed.data, {
      onSuccess: (message) => {
        // The server deleted the draft with the logged message.
        forgetDraft();
        if (nextIntent === 'generate') {
          generateDraft.mutate(message.id, {
            onSuccess: (draft) => {
              const fallback = fallbackNotice(draft.provenance);
              if (fallback) toast.warning(fallback);
              else toast.success(DRAFT_TEXTS.composeGenerated);
            },
            // The message exists; only its draft failed, which the workspace can generate again.
            onError: (error) =>
              toast.error(getErrorMessage(error, DRAFT_TEXTS.generateFailed), {
                description: drafterFailureReference(error),
              }),
            onSettled: () => {
              setIntent(null);
              navigate(paths.thread.build(message.id));
            },
          });
        } else {
          toast.success(LOG_MESSAGE_TEXTS.logged);
          navigate(paths.inbox);
        }
      },
      onError: (error) => {
        const fields = isApiError(error) ? (error.fields ?? {}) : {};
        const fieldErrors: FieldErrors = {};
        for (const field of FIELD_ORDER) if (fields[field]) fieldErrors[field] = fields[field];
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
        toastFailure(LOG_MESSAGE_TEXTS.logFailed, error);
      },
      // 'Log and draft a reply' stays busy until its draft is written (the draft call clears it).
      onSettled: (_message, error) => {
        if (error || nextIntent !== 'generate') setIntent(null);
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit('create');
  }

  const fundItems = funds.data ?? [];
  const projectId = `${id}-project_id`;
  const bodyId = `${id}-body_text`;

  return (
    <Card>
      <CardContent>
        <form className="grid gap-5" onSubmit={onSubmit} noValidate aria-busy={isBusy}>
          <fieldset disabled={isDisabled} className="grid gap-5 sm:grid-cols-2">
            <legend className="sr-only">Investor message</legend>
            <FormField
              id={`${id}-investor_name`}
              label="Investor name"
              autoComplete="off"
              value={form.investor_name}
              error={errors.investor_name}
              onChange={(event) => set('investor_name', event.target.value)}
            />
            <FormField
              id={`${id}-investor_email`}
              label="Investor email"
              type="email"
              autoComplete="off"
              value={form.investor_email}
              error={errors.investor_email}
              onChange={(event) => set('investor_email', event.target.value)}
            />
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={projectId}>Project / fund</Label>
              <Select
                value={form.project_id || undefined}
                onValueChange={(value) => set('project_id', value)}
                disabled={isDisabled || funds.isPending || fundItems.length === 0}
              >
                <SelectTrigger
                  id={projectId}
                  className="w-full"
                  aria-invalid={errors.project_id ? true : undefined}
                  aria-describedby={errors.project_id ? `${projectId}-error` : undefined}
                >
                  <SelectValue placeholder={funds.isPending ? 'Loading funds…' : 'Select a fund'} />
                </SelectTrigger>
                <SelectContent>
                  {fundItems.map((fund) => (
                    <SelectItem key={fund.id} value={fund.id}>
                      {fund.name}
                      {fund.status === 'closed' ? ' (closed)' : ''}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {funds.isError ? (
                <p className="flex items-center gap-1 text-destructive text-sm" role="alert">
                  <CircleAlert aria-hidden className="size-4" /> The funds could not be loaded.
                </p>
              ) : !funds.isPending && fundItems.length === 0 ? (
                <p className="text-muted-foreground text-sm">
                  No funds yet: create one under Projects first.
                </p>
              ) : null}
              {errors.project_id ? (
                <p id={`${projectId}-error`} className="text-destructive text-sm">
                  {errors.project_id}
                </p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <FormField
                id={`${id}-subject`}
                label="Subject"
                autoComplete="off"
                value={form.subject}
                error={errors.subject}
                onChange={(event) => set('subject', event.target.value)}
              />
            </div>
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={bodyId}>Message</Label>
              <Textarea
                id={bodyId}
                rows={8}
                className="min-h-40"
                value={form.body_text}
                aria-invalid={errors.body_text ? true : undefined}
                aria-describedby={errors.body_text ? `${bodyId}-error` : undefined}
                onChange={(event) => set('body_text', event.target.value)}
              />
              {errors.body_text ? (
                <p id={`${bodyId}-error`} className="text-destructive text-sm">
                  {errors.body_text}
                </p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <TopicsInput
                id={`${id}-topics`}
                topics={form.topics}
                disabled={isDisabled}
                error={errors.topics}
                onChange={(topics) => set('topics', topics)}
              />
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            {canWrite ? (
              <div className="flex flex-wrap items-center gap-2">
                <AutosaveStatus state={autosave.state} />
                {autosave.state.status === 'saved' ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={isBusy || discard.isPending}
                    onClick={onDiscard}
                  >
                    <Trash2 aria-hidden /> {LOG_MESSAGE_TEXTS.discardDraft}
                  </Button>
                ) : null}
              </div>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button
                type="button"
                variant="outline"
                disabled={isDisabled}
                onClick={() => submit('generate')}
              >
                {intent === 'generate' ? (
                  <LoaderCircle aria-hidden className="animate-spin" />
                ) : (
                  <Sparkles aria-hidden />
                )}
                {LOG_MESSAGE_TEXTS.logAndDraft}
              </Button>
              <Button type="submit" disabled={isDisabled}>
                {intent === 'create' ? (
                  <LoaderCircle aria-hidden className="animate-spin" />
                ) : (
                  <Send aria-hidden />
                )}
                {LOG_MESSAGE_TEXTS.logMessage}
              </Button>
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Where the unfinished form stands: saving, saved to the account (when), or why it was not. */
function AutosaveStatus({ state }: { state: AutosaveState }) {
  return (
    <p role="status" className="text-muted-foreground text-sm">
      {state.status === 'saving' ? (
        LOG_MESSAGE_TEXTS.draftSaving
      ) : state.status === 'saved' ? (
        <>
          {LOG_MESSAGE_TEXTS.draftSaved} · <RelativeTime at={state.at} />
        </>
      ) : state.status === 'failed' ? (
        <span className="text-destructive">
          {LOG_MESSAGE_TEXTS.draftNotSaved}: {state.message}
        </span>
      ) : (
        'Your draft is saved to your account as you type.'
      )}
    </p>
  );
}
