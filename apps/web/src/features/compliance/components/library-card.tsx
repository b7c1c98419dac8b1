import {
  LIBRARY_STATUSES,
  LIBRARY_TEXTS,
  type LibraryAnswer,
  type LibraryAnswerDraft,
  type LibraryStatus,
} from '@parley/contracts';
import { Plus } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadMore } from '@/components/load-more';
import { SearchField } from '@/components/search-field';
import { SectionError } from '@/components/section-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { libraryAnswerLink } from '@/lib/paths';
import { useArchiveLibraryAnswer, useLibrary, useLibraryAnswer, useLibraryAnswerDraft } from '../api/library';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { EntryActions, EntryRow } from './entry-row';
import { LibraryAnswerForm } from './library-answer-form';
import { LibraryStatusBadge } from './library-status-badge';
import { SectionTitle } from './section-title';

function AnswerRow({
  answer,
  canManage,
  onEdit,
}: {
  answer: LibraryAnswer;
  canManage: boolean;
  onEdit: (answer: LibraryAnswer) => void;
}) {
  const archive = useArchiveLibraryAnswer();
  const action = canManage ? (answer.status === 'live' ? 'Edit' : 'Review and renew') : 'View';
  return (
    <EntryRow
      data-testid="library-answer"
      actions={
        <EntryActions
          name={answer.title}
          openLabel={action}
          isReadOnly={!canManage}
          onOpen={() => onEdit(answer)}
          archive={
            canManage
              ? {
                  description: 'Drafts no longer use it and it leaves the library.',
                  isPending: archive.isPending,
                  onConfirm: () =>
                    archive.mutate(answer.id, {
                      onSuccess: () => toast.success(LIBRARY_TEXTS.archived),
                      onError: (error) => toast.error(getErrorMessage(error, 'Failed to archive the answer')),
                    }),
                }
              : null
          }
        />
      }
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="break-words font-medium text-sm">{answer.title}</span>
        <LibraryStatusBadge status={answer.status} />
        <Badge variant="outline">{answer.project_name ?? LIBRARY_TEXTS.allFunds}</Badge>
      </span>
      <span className="break-words text-sm">
        <span className="text-muted-foreground">Question: </span>
        {answer.question}
      </span>
      <span className="line-clamp-2 whitespace-pre-line break-words text-muted-foreground text-sm">
        {answer.answer}
      </span>
      <span className="text-muted-foreground text-xs">
        Owner {answer.owner_name ?? 'a former member'} · approved {formatDate(answer.approved_at)}
        {answer.approved_by_name ? ` by ${answer.approved_by_name}` : ''} ·{' '}
        {answer.status === 'expired' ? 'expired' : 'expires'} {formatDate(answer.expires_at)} ·{' '}
        {answer.citations.length === 1 ? '1 source' : `${answer.citations.length} sources`}
      </span>
    </EntryRow>
  );
}

/**
 * The answer library (docs/decisions/028-answer-library.md): approved answers by title, searchable and
 * filtered by status, each with its fund, owner, approval and expiry. Directors and admins add, edit,
 * renew and archive them; a link with `?library=<id>` opens that answer.
 */
export function LibraryCard({ canManage }: { canManage: boolean }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<LibraryStatus | 'all'>('all');
  const deferred = useDeferredValue(q);
  const list = useLibrary({ q: deferred, status });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = list.data?.pages[0]?.counts;
  const [editing, setEditing] = useState<LibraryAnswer | 'new' | null>(null);
  // A new answer's fields taken from a sent reply ('Save to library'), shown in the form to edit.
  const [draft, setDraft] = useState<LibraryAnswerDraft | null>(null);

  // A link to one answer opens it once it has loaded.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = useLibraryAnswer(searchParams.get(libraryAnswerLink.param));
  useEffect(() => {
    if (!linked.data) return;
    setEditing(linked.data);
    document.getElementById(libraryAnswerLink.anchor)?.scrollIntoView({ block: 'start' });
  }, [linked.data]);

  // 'Save to library' on a sent reply links here with the message; only those who may save act on it.
  const fromReply = useLibraryAnswerDraft(
    canManage ? searchParams.get(libraryAnswerLink.fromMessageParam) : null,
  );
  useEffect(() => {
    if (fromReply.isError) {
      toast.error(getErrorMessage(fromReply.error, LIBRARY_TEXTS.fromReplyFailed));
      return;
    }
    if (!fromReply.data) return;
    setDraft(fromReply.data);
    setEditing('new');
    document.getElementById(libraryAnswerLink.anchor)?.scrollIntoView({ block: 'start' });
  }, [fromReply.data, fromReply.isError, fromReply.error]);

  function close() {
    setEditing(null);
    setDraft(null);
    const linkParams = [libraryAnswerLink.param, libraryAnswerLink.fromMessageParam];
    if (linkParams.some((param) => searchParams.has(param))) {
      const next = new URLSearchParams(searchParams);
      for (const param of linkParams) next.delete(param);
      setSearchParams(next, { replace: true });
    }
  }

  return (
    <Card id={libraryAnswerLink.anchor}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <SectionTitle section={COMPLIANCE_SECTIONS.library} />
          <CardDescription>{LIBRARY_TEXTS.description}</CardDescription>
        </div>
        {canManage ? (
          <Button type="button" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add answer
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {/* The list is the active tab's panel, so each tab controls what it shows. */}
        <Tabs
          value={status}
          onValueChange={(value) => setStatus(value as LibraryStatus | 'all')}
          className="grid grid-cols-1 gap-4"
        >
          <div className="flex flex-wrap items-center gap-3">
            <TabsList aria-label="Status">
              {(['all', ...LIBRARY_STATUSES] as const).map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {tab === 'all' ? 'All' : LIBRARY_TEXTS.status[tab]}
                  {counts ? ` (${counts[tab]})` : ''}
                </TabsTrigger>
              ))}
            </TabsList>
            <SearchField
              id={`${id}-search`}
              label="Search the answer library"
              placeholder="Search the answer library"
              className="sm:max-w-xs"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
          <TabsContent value={status} className="grid gap-4">
            {list.isPending ? (
              <Spinner label="Loading the answer library..." className="py-6" />
            ) : list.isError ? (
              <SectionError
                title={LIBRARY_TEXTS.loadFailed}
                error={list.error}
                onRetry={() => list.refetch()}
              />
            ) : items.length === 0 ? (
              <p className="py-6 text-center text-muted-foreground text-sm">
                {deferred.trim() || status !== 'all' ? 'No answers match.' : 'No approved answers yet.'}
              </p>
            ) : (
              <ul className="grid gap-2" aria-label={LIBRARY_TEXTS.title}>
                {items.map((answer) => (
                  <AnswerRow key={answer.id} answer={answer} canManage={canManage} onEdit={setEditing} />
                ))}
              </ul>
            )}
            <LoadMore query={list} failedText="More answers could not be loaded." />
          </TabsContent>
        </Tabs>
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : close())}>
        {editing !== null ? (
          <LibraryAnswerForm
            key={editing === 'new' ? `new-${draft?.source_message_id ?? ''}` : editing.id}
            answer={editing === 'new' ? null : editing}
            draft={editing === 'new' ? draft : null}
            canManage={canManage}
            onClose={close}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}
