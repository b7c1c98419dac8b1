import {
  LIBRARY_LIMITS,
  LIBRARY_TEXTS,
  type LibraryAnswer,
  type LibraryAnswerDraft,
  type LibraryCitation,
} from '@parley/contracts';
import { Plus, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useDeferredValue, useId, useState } from 'react';
import { toast } from 'sonner';
import { useFundOptions } from '@/api/projects/list-projects';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormField, TextareaField } from '@/components/form-field';
import { SearchField } from '@/components/search-field';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogFooter } from '@/components/ui/dialog';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useLibraryOwners, useLibraryPassages, useSaveLibraryAnswer } from '../api/library';
import { LibraryStatusBadge } from './library-status-badge';

const ALL_FUNDS = 'all';

/** The date input's value (the reader's calendar day) of an instant. */
function dayOf(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** An answer expires at the end of the chosen day, in the reader's time zone. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

/** A year from today: the usual review cycle, as a starting value. */
function inAYear(): string {
  const at = new Date();
  at.setFullYear(at.getFullYear() + 1);
  return dayOf(at.toISOString());
}

function Sources({
  citations,
  onRemove,
  children,
}: {
  citations: LibraryCitation[];
  onRemove: ((id: string) => void) | null;
  children?: ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Sources ({citations.length})</legend>
      {citations.length === 0 ? (
        <p className="text-muted-foreground text-sm">No passages cited.</p>
      ) : (
        <ol className="grid gap-2">
          {citations.map((citation, index) => (
            <li key={citation.id} className="grid gap-1 rounded-md border p-2 text-sm">
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">
                  [{index + 1}] {citation.doc_path}
                </span>
                {onRemove ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onRemove(citation.id)}
                    aria-label={`Remove ${citation.doc_path}`}
                  >
                    <X aria-hidden />
                  </Button>
                ) : null}
              </span>
              <span className="line-clamp-3 text-muted-foreground">{citation.text}</span>
            </li>
          ))}
        </ol>
      )}
      {children}
    </fieldset>
  );
}

/** Search the chosen fund's passages and add one to the sources. */
function PassagePicker({
  projectId,
  chosen,
  onAdd,
}: {
  projectId: string;
  chosen: LibraryCitation[];
  onAdd: (citation: LibraryCitation) => void;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const passages = useLibraryPassages(projectId, deferred);
  const offered = (passages.data?.items ?? []).filter((p) => !chosen.some((c) => c.id === p.id));
  return (
    <div className="grid gap-2">
      <SearchField
        id={`${id}-passages`}
        label="Find a passage to cite"
        placeholder="Find a passage to cite"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {deferred.trim() && passages.isSuccess && offered.length === 0 ? (
        <p className="text-muted-foreground text-sm">No other passages match.</p>
      ) : null}
      <ul className="grid max-h-56 gap-1 overflow-y-auto">
        {offered.map((passage) => (
          <li
            key={passage.id}
            className="flex items-start justify-between gap-2 rounded-md border p-2 text-sm"
          >
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium">{passage.doc_path}</span>
              <span className="line-clamp-2 text-muted-foreground">{passage.text}</span>
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={chosen.length >= LIBRARY_LIMITS.citations}
              onClick={() => onAdd(passage)}
              aria-label={`Cite ${passage.doc_path}`}
            >
              <Plus aria-hidden />
              Cite
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Add, edit or renew a library answer (directors and admins), or read one. Saving approves the answer
 * in the saver's name when its wording, question, fund, sources or expiry changed. A new answer may
 * start from a sent reply's fields (`draft`, 'Save to library'), which the author edits before saving.
 */
export function LibraryAnswerForm({
  answer,
  draft = null,
  canManage,
  onClose,
}: {
  answer: LibraryAnswer | null;
  draft?: LibraryAnswerDraft | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const save = useSaveLibraryAnswer();
  const funds = useFundOptions();
  const owners = useLibraryOwners(canManage);
  const start = answer ?? draft;
  const [title, setTitle] = useState(start?.title ?? '');
  const [question, setQuestion] = useState(start?.question ?? '');
  const [text, setText] = useState(start?.answer ?? '');
  const [fund, setFund] = useState(start ? (start.project_id ?? ALL_FUNDS) : '');
  const [ownerId, setOwnerId] = useState(answer?.owner_id ?? '');
  const [expires, setExpires] = useState(
    answer && answer.status !== 'expired' ? dayOf(answer.expires_at) : inAYear(),
  );
  const [citations, setCitations] = useState<LibraryCitation[]>(start?.citations ?? []);
  // Passages of an all-funds answer are looked up in one fund at a time.
  const [searchFund, setSearchFund] = useState<string | null>(start?.project_id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isReadOnly = !canManage;
  const projectId = fund === ALL_FUNDS || fund === '' ? null : fund;
  const pickerFund = projectId ?? searchFund;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || isReadOnly) return;
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = 'Give the answer a title';
    if (!question.trim()) local.question = 'Write the question investors ask';
    if (!text.trim()) local.answer = 'Write the approved answer';
    if (!fund) local.project_id = 'Choose a fund, or all funds';
    if (!ownerId) local.owner_id = 'Choose the member who owns this answer';
    if (!expires) local.expires_at = 'Choose an expiry date';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const values = {
      title,
      question,
      answer: text,
      project_id: projectId,
      owner_id: ownerId,
      expires_at: endOfDay(expires),
      passage_ids: citations.map((c) => c.id),
      ...(draft && !answer ? { from_message_id: draft.source_message_id } : {}),
    };
    save.mutate(
      { id: answer?.id ?? null, values },
      {
        onSuccess: () => {
          toast.success(LIBRARY_TEXTS.saved);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields);
          toast.error(getErrorMessage(error, LIBRARY_TEXTS.saveFailed));
        },
      },
    );
  }

  const fundOptions = (funds.data ?? []).map((item) => ({ value: item.id, label: item.name }));
  return (
    <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormDialogHeader
          title={answer ? (isReadOnly ? answer.title : 'Edit library answer') : 'Add library answer'}
          description={
            answer ? (
              <span className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
                <LibraryStatusBadge status={answer.status} />
                Approved {formatDate(answer.approved_at)}
                {answer.approved_by_name ? ` by ${answer.approved_by_name}` : ''}; expires{' '}
                {formatDate(answer.expires_at)}.{' '}
                {isReadOnly
                  ? null
                  : 'Saving a change to its words, fund, sources or expiry approves it in your name.'}
              </span>
            ) : draft ? (
              'Taken from the sent reply: edit it so it answers any investor who asks, then save; saving approves it in your name.'
            ) : (
              'Drafts use it as written when a message asks its question; saving approves it in your name.'
            )
          }
        />
        <FormField
          id={`${id}-title`}
          label="Title"
          value={title}
          maxLength={LIBRARY_LIMITS.title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          disabled={isReadOnly}
          autoFocus={!isReadOnly}
        />
        <TextareaField
          id={`${id}-question`}
          label="Question investors ask"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          maxLength={LIBRARY_LIMITS.question}
          error={errors.question}
          disabled={isReadOnly}
          className="min-h-16"
        />
        <TextareaField
          id={`${id}-answer`}
          label="Approved answer"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={LIBRARY_LIMITS.answer}
          error={errors.answer}
          disabled={isReadOnly}
          className="min-h-32"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={`${id}-fund`}
            label="Fund"
            className="sm:col-span-2"
            value={fund}
            onValueChange={setFund}
            options={[{ value: ALL_FUNDS, label: LIBRARY_TEXTS.allFunds }, ...fundOptions]}
            placeholder={funds.isPending ? 'Loading funds…' : 'Select a fund'}
            disabled={isReadOnly || funds.isPending}
            error={errors.project_id}
          />
          {isReadOnly ? (
            <div className="grid min-w-0 gap-2">
              <span className="font-medium text-sm leading-none">Owner</span>
              <p className="text-sm">{answer?.owner_name ?? 'A former member'}</p>
            </div>
          ) : (
            <SelectField
              id={`${id}-owner`}
              label="Owner"
              value={ownerId}
              onValueChange={setOwnerId}
              options={(owners.data?.items ?? []).map((member) => ({
                value: member.id,
                label: member.name ?? member.email,
              }))}
              placeholder={owners.isPending ? 'Loading members…' : 'Select a member'}
              disabled={owners.isPending}
              error={errors.owner_id}
            />
          )}
          <FormField
            id={`${id}-expires`}
            label="Expires on"
            type="date"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
            error={errors.expires_at}
            disabled={isReadOnly}
          />
        </div>
        <Sources
          citations={citations}
          onRemove={
            isReadOnly ? null : (removed) => setCitations((all) => all.filter((c) => c.id !== removed))
          }
        >
          {isReadOnly ? null : (
            <>
              {projectId === null ? (
                <SelectField
                  id={`${id}-search-fund`}
                  label="Look for passages in"
                  value={searchFund ?? ''}
                  onValueChange={setSearchFund}
                  options={fundOptions}
                  placeholder="Select a fund"
                  triggerClassName="sm:w-72"
                />
              ) : null}
              {pickerFund ? (
                <PassagePicker
                  projectId={pickerFund}
                  chosen={citations}
                  onAdd={(citation) => setCitations((all) => [...all, citation])}
                />
              ) : null}
            </>
          )}
          {errors.passage_ids ? <p className="text-destructive text-sm">{errors.passage_ids}</p> : null}
          {draft && !answer && draft.citations_gone > 0 ? (
            <p
              className="rounded-md border border-status-warn/50 bg-status-warn/10 p-2 text-sm"
              data-testid="citations-gone"
            >
              {LIBRARY_TEXTS.citationsGone(draft.citations_gone)}
            </p>
          ) : null}
        </Sources>
        {/* The form is longer than a screen: its buttons stay in view at the dialog's foot. */}
        <div className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-background px-6 py-4">
          {isReadOnly ? (
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Close
              </Button>
            </DialogFooter>
          ) : (
            <FormDialogFooter
              confirmLabel={answer ? 'Save and approve' : 'Add and approve'}
              isPending={save.isPending}
              onCancel={onClose}
            />
          )}
        </div>
      </form>
    </DialogContent>
  );
}
