import {
  DRAFT_TEXTS,
  EVIDENCE_TEXTS,
  evidencePackUrl,
  hasCapability,
  type Message,
  type ThreadMessage,
  type ThreadResponse,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, FileArchive, Info, MessageSquarePlus } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { useSaveDraft } from '@/api/drafts/save-draft';
import { messageQueryOptions, useMessage, useRefreshListsOnceRead } from '@/api/messages/get-message';
import { useReadThreadNotifications } from '@/api/notifications/read-thread-notifications';
import { BackLink } from '@/components/back-link';
import { Page } from '@/components/page';
import { PendingButton } from '@/components/pending-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isNotFound } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { useMediaQuery } from '@/lib/use-media-query';
import { useThread } from './api/get-thread';
import { AttachmentList } from './components/attachment-list';
import { DraftWorkspace } from './components/draft-workspace';
import { EarlierAnswersCard } from './components/earlier-answers';
import { FundPicker } from './components/fund-picker';
import { InvestorPanel } from './components/investor-panel';
import { EmailSourceMark, UnknownSenderBadge } from './components/message-source';
import { EarlierEntries, ThreadEntryList } from './components/thread-entries';
import { countMessages, followLatest, latestMessageOf, splitThread } from './thread-timeline';
import { type DraftEditor, useDraftEditor } from './use-draft-editor';

/**
 * /inbox/:threadId (docs/product.md §2 Message detail, docs/decisions/058-inbound-email.md): the thread —
 * its earlier messages and sent replies above the newest message, which the draft workspace answers —
 * with the investor panel and the fund's earlier answers beside the draft workspace and its flags rail.
 * Any message id of the thread opens it. is_associate sees it all read-only.
 */
export function ThreadPage() {
  const { threadId = '' } = useParams();
  const { role } = useSignedInSession();
  const canWrite = hasCapability(role, 'messages.write');
  const canExportEvidence = hasCapability(role, 'audit.verify');
  const thread = useThread(threadId);
  // Asked beside the thread: in a thread of one message it is the message answered, so one round trip.
  const opened = useMessage(threadId);
  useReadThreadNotifications(threadId, opened.isSuccess);
  const error = thread.error ?? opened.error;

  // Once loaded, a failed background refresh keeps the page (and the draft being edited) as it is.
  if (thread.data && opened.data) {
    return (
      <ThreadView
        key={threadId}
        openedId={threadId}
        thread={thread.data}
        canWrite={canWrite}
        canExportEvidence={canExportEvidence}
      />
    );
  }
  return (
    <Page width="wide">
      <ThreadTopBar />
      {error ? (
        <LoadFailed
          error={error}
          onRetry={() => {
            if (thread.isError) void thread.refetch();
            if (opened.isError) void opened.refetch();
          }}
        />
      ) : (
        <Spinner label="Loading message..." className="py-16" />
      )}
    </Page>
  );
}

function ThreadTopBar({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <BackLink to={paths.inbox}>Back to Inbox</BackLink>
      {children}
    </div>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden />
      <AlertTitle>{DRAFT_TEXTS.loadMessageFailed}</AlertTitle>
      <AlertDescription>
        {isNotFound(error) ? (
          DRAFT_TEXTS.messageNotFound
        ) : (
          <Button type="button" variant="link" className="h-auto p-0" onClick={onRetry}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}

/**
 * The thread once loaded: which message the workspace answers (the newest when the page opens; a newer
 * one when it arrives, unless the draft holds unsaved text — see AnsweringView).
 */
function ThreadView({
  openedId,
  thread,
  canWrite,
  canExportEvidence,
}: {
  openedId: string;
  thread: ThreadResponse;
  canWrite: boolean;
  canExportEvidence: boolean;
}) {
  const [answeringId, setAnsweringId] = useState(thread.latest_message_id);
  const message = useMessage(answeringId);
  // Opening the newest message reads it (the inbox's unread dot) and its notifications.
  useReadThreadNotifications(answeringId, message.isSuccess && answeringId !== openedId);
  useRefreshListsOnceRead(answeringId, message.isSuccess);

  return (
    <Page width="wide">
      <ThreadTopBar>
        {canExportEvidence && message.data ? (
          <Button asChild variant="outline" size="sm">
            {/* A plain download: the browser shows its own progress for the zip. */}
            <a href={evidencePackUrl(message.data.id)} download title={EVIDENCE_TEXTS.exportThreadHint}>
              <FileArchive aria-hidden />
              {EVIDENCE_TEXTS.exportThread}
            </a>
          </Button>
        ) : null}
      </ThreadTopBar>
      {message.data ? (
        <AnsweringView
          key={answeringId}
          thread={thread}
          message={message.data}
          canWrite={canWrite}
          onAnswer={setAnsweringId}
        />
      ) : message.isError ? (
        <LoadFailed error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <Spinner label="Loading message..." className="py-16" />
      )}
    </Page>
  );
}

/** Tailwind's lg: from here the conversation stays beside the draft (docs/product.md §2 Message detail). */
const TWO_COLUMNS_QUERY = '(min-width: 1024px)';

/**
 * Two columns from 1024 px: the conversation (the thread's earlier entries, the message answered, the
 * investor, the fund's earlier answers), sticky under the top bar with its own scroll, beside the draft
 * workspace with its flags rail, which scrolls with the page. Narrower, one column in the order of the
 * work: the thread and the message, the draft and its flags, then the investor and the earlier answers
 * (rendered there, so the Tab order follows). One draft editor for the workspace and the rail, so the
 * rail can tell when the stored check no longer matches the text being edited; keyed by the message
 * answered, so moving to a newer message starts from that message's draft.
 */
function AnsweringView({
  thread,
  message,
  canWrite,
  onAnswer,
}: {
  thread: ThreadResponse;
  message: Message;
  canWrite: boolean;
  onAnswer: (messageId: string) => void;
}) {
  const editor = useDraftEditor(message.id);
  const isWide = useMediaQuery(TWO_COLUMNS_QUERY);
  const answerLatest = useAnswerLatest(thread.latest_message_id, message.id, editor, onAnswer);
  const { earlier, current, later } = splitThread(thread.entries, message.id);
  const newerCount = countMessages(later);
  const newest = latestMessageOf(later);

  const context = (
    <>
      <InvestorPanel message={message} />
      <EarlierAnswersCard messageId={message.id} hasFund={message.project_id !== null} />
    </>
  );
  return (
    <>
      {!canWrite ? (
        <Alert>
          <Info aria-hidden />
          <AlertTitle>Read-only</AlertTitle>
          <AlertDescription>Your role can read drafts but not generate or edit them.</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)]">
        <section
          aria-label="Conversation"
          className="grid min-w-0 gap-6 lg:sticky lg:top-18 lg:max-h-[calc(100dvh-5.5rem)] lg:overflow-y-auto lg:overscroll-contain"
        >
          <EarlierEntries entries={earlier} omitted={thread.omitted} canAddDocuments={canWrite} />
          <MessageCard message={message} threadMessage={current} canWrite={canWrite} />
          {later.length > 0 ? (
            <ThreadEntryList entries={later} canAddDocuments={canWrite} label="Later in this thread" />
          ) : null}
          {isWide ? context : null}
        </section>
        <div className="grid min-w-0 gap-6">
          <div className="grid min-w-0">
            {/*
              Beside the draft, where the work is; always there, so the notice is announced when a newer
              message arrives.
            */}
            <div role="status" className="min-w-0 not-empty:mb-4">
              {newest && newerCount > 0 ? (
                <InvestorWroteAgain
                  newest={newest}
                  count={newerCount}
                  hasUnsavedDraft={editor.state.isDirty && editor.state.text.trim() !== ''}
                  isSaving={answerLatest.isSaving}
                  onAnswer={answerLatest.run}
                />
              ) : null}
            </div>
            <DraftWorkspace messageId={message.id} canWrite={canWrite} editor={editor} />
          </div>
          {isWide ? null : context}
        </div>
      </div>
    </>
  );
}

/**
 * Following the thread's newest message while the page is open (docs/decisions/058-inbound-email.md):
 * when one arrives, the workspace moves to it unless the editor holds unsaved text (followLatest); then
 * `run` saves that text as the earlier message's draft first, so nothing is dropped silently. The newer
 * message is fetched before moving, so the page does not fall back to a spinner.
 */
function useAnswerLatest(
  latestId: string,
  answeringId: string,
  editor: DraftEditor,
  onAnswer: (messageId: string) => void,
) {
  const queryClient = useQueryClient();
  const save = useSaveDraft(answeringId);
  const { isDirty, text } = editor.state;
  const hasUnsavedText = isDirty && text.trim() !== '';
  const hasUnsavedTextRef = useRef(hasUnsavedText);
  useEffect(() => {
    hasUnsavedTextRef.current = hasUnsavedText;
  }, [hasUnsavedText]);
  const [seenLatestId, setSeenLatestId] = useState(latestId);

  const moveTo = useCallback(
    (messageId: string, whenClean: boolean) => {
      void queryClient.prefetchQuery(messageQueryOptions(messageId)).then(() => {
        // Text typed while the message loaded keeps the workspace where it is.
        if (whenClean && hasUnsavedTextRef.current) return;
        onAnswer(messageId);
        if (whenClean) {
          toast.info('The investor wrote again', {
            description: 'The draft workspace now answers the new message.',
          });
        }
      });
    },
    [queryClient, onAnswer],
  );

  useEffect(() => {
    const next = followLatest({ answeringId, seenLatestId }, latestId, hasUnsavedText);
    if (next.seenLatestId === seenLatestId) return;
    setSeenLatestId(next.seenLatestId);
    // Kept on the earlier message, the page says so beside the draft (InvestorWroteAgain, a live region).
    if (next.answeringId !== answeringId) moveTo(next.answeringId, true);
  }, [latestId, seenLatestId, answeringId, hasUnsavedText, moveTo]);

  function run() {
    if (!hasUnsavedText) {
      moveTo(latestId, false);
      return;
    }
    save.mutate(editor.saveInput, {
      onSuccess: (draft) => {
        editor.dispatch({ type: 'saved', draft });
        toast.success('Draft saved for the earlier message');
        moveTo(latestId, false);
      },
      onError: (error) => toast.error(getErrorMessage(error, 'Failed to save draft')),
    });
  }

  return { run, isSaving: save.isPending };
}

/**
 * The inline notice when the investor wrote again while the workspace answers an earlier message: the
 * newest message's start (the whole is in the conversation), and the move to it, which first saves the
 * unsaved draft as the earlier message's.
 */
function InvestorWroteAgain({
  newest,
  count,
  hasUnsavedDraft,
  isSaving,
  onAnswer,
}: {
  newest: ThreadMessage;
  count: number;
  hasUnsavedDraft: boolean;
  isSaving: boolean;
  onAnswer: () => void;
}) {
  return (
    <Alert variant="info" data-testid="investor-wrote-again">
      <MessageSquarePlus aria-hidden />
      <AlertTitle>The investor wrote again</AlertTitle>
      <AlertDescription className="grid min-w-0 gap-2">
        <p className="text-muted-foreground text-xs">
          {count === 1 ? 'A newer message' : `${count} newer messages`}, the latest from{' '}
          {newest.investor_name} at{' '}
          <time dateTime={newest.created_at}>{formatDateTime(newest.created_at)}</time>:
        </p>
        <blockquote className="line-clamp-2 whitespace-pre-wrap break-words border-l-2 pl-3">
          {newest.body_text}
        </blockquote>
        <p>
          {hasUnsavedDraft
            ? 'Your unsaved draft answers the earlier message: it is saved as that message’s draft before you move on.'
            : 'The draft workspace still answers the earlier message.'}
        </p>
        <PendingButton
          type="button"
          size="sm"
          className="justify-self-start"
          isPending={isSaving}
          onClick={onAnswer}
        >
          {hasUnsavedDraft ? 'Save draft and answer the new message' : 'Answer the new message'}
        </PendingButton>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The message answered: who wrote and how (e-mail, an unknown sender), the subject (the page's h1), when,
 * its fund (or the choice of one), the text, its attachments, its topics.
 */
function MessageCard({
  message,
  threadMessage,
  canWrite,
}: {
  message: Message;
  /** The same message as the thread has it, with its attachments. */
  threadMessage: ThreadMessage | null;
  canWrite: boolean;
}) {
  return (
    <Card className="min-w-0" data-testid="thread-current-message">
      <CardHeader className="gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 break-words font-semibold">{message.investor_name}</p>
          <EmailSourceMark source={message.source} />
          {message.sender_unknown ? <UnknownSenderBadge /> : null}
        </div>
        <p className="break-all text-muted-foreground text-sm">{message.investor_email}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {/* The page's heading: focus lands here on arrival (app-layout.tsx). */}
        <h1 tabIndex={-1} className="break-words font-medium text-lg">
          {message.subject}
        </h1>
        <p className="text-muted-foreground text-xs">
          Received <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </p>
        {message.project_name ? (
          <Badge variant="outline" className="block min-w-0 max-w-full truncate">
            {message.project_name}
          </Badge>
        ) : canWrite ? (
          <FundPicker messageId={message.id} />
        ) : (
          <Badge variant="warning">No fund chosen yet</Badge>
        )}
        {/* Narrow: a long message scrolls in its box so the draft stays near; wide: the column scrolls. */}
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll a long message
          tabIndex={0}
          aria-label="Message text"
          className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 text-sm focus-visible:outline-2 focus-visible:outline-ring lg:max-h-none"
        >
          {message.body_text}
        </section>
        {threadMessage ? (
          <AttachmentList
            messageId={message.id}
            attachments={threadMessage.attachments}
            canAdd={canWrite}
            hasFund={message.project_id !== null}
          />
        ) : null}
        {message.topics.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Topics">
            {message.topics.map((topic) => (
              <li key={topic}>
                <Badge variant="secondary">{topic}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
