import { DRAFT_TEXTS, EVIDENCE_TEXTS, evidencePackUrl, hasCapability, type Message } from '@parley/contracts';
import { CircleAlert, FileArchive, Info } from 'lucide-react';
import { useParams } from 'react-router';
import { useMessage, useRefreshListsOnceRead } from '@/api/messages/get-message';
import { useReadThreadNotifications } from '@/api/notifications/read-thread-notifications';
import { BackLink } from '@/components/back-link';
import { Page } from '@/components/page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { useMediaQuery } from '@/lib/use-media-query';
import { DraftWorkspace } from './components/draft-workspace';
import { EarlierAnswersCard } from './components/earlier-answers';
import { InvestorPanel } from './components/investor-panel';
import { useDraftEditor } from './use-draft-editor';

/**
 * /inbox/:threadId (docs/product.md §2 Message detail): the conversation (the investor's message, the
 * investor panel, the fund's earlier answers) beside the draft workspace with its flags rail.
 * is_associate sees it all read-only.
 */
export function ThreadPage() {
  const { threadId = '' } = useParams();
  const { role } = useSignedInSession();
  const canWrite = hasCapability(role, 'messages.write');
  const canExportEvidence = hasCapability(role, 'audit.verify');
  const message = useMessage(threadId);
  useReadThreadNotifications(threadId, message.isSuccess);
  useRefreshListsOnceRead(threadId, message.isSuccess);

  return (
    <Page width="wide">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink to={paths.inbox}>Back to Inbox</BackLink>
        {canExportEvidence && message.isSuccess ? (
          <Button asChild variant="outline" size="sm">
            {/* A plain download: the browser shows its own progress for the zip. */}
            <a href={evidencePackUrl(message.data.id)} download title={EVIDENCE_TEXTS.exportThreadHint}>
              <FileArchive aria-hidden />
              {EVIDENCE_TEXTS.exportThread}
            </a>
          </Button>
        ) : null}
      </div>
      {message.isPending ? (
        <Spinner label="Loading message..." className="py-16" />
      ) : message.isError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>{DRAFT_TEXTS.loadMessageFailed}</AlertTitle>
          <AlertDescription>
            {isNotFound(message.error) ? (
              DRAFT_TEXTS.messageNotFound
            ) : (
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => message.refetch()}>
                Try again
              </Button>
            )}
          </AlertDescription>
        </Alert>
      ) : (
        <ThreadDetail message={message.data} canWrite={canWrite} />
      )}
    </Page>
  );
}

/** Tailwind's lg: from here the conversation stays beside the draft (docs/product.md §2 Message detail). */
const TWO_COLUMNS_QUERY = '(min-width: 1024px)';

/**
 * Two columns from 1024 px: the conversation (the message, the investor, the fund's earlier answers),
 * sticky under the top bar with its own scroll, beside the draft workspace with its flags rail, which
 * scrolls with the page. Narrower, one column in the order of the work: the message, the draft and
 * its flags, then the investor and the earlier answers (rendered there, so the Tab order follows).
 * One draft editor for the workspace and the rail, so the rail can tell when the stored check no
 * longer matches the text being edited.
 */
function ThreadDetail({ message, canWrite }: { message: Message; canWrite: boolean }) {
  const editor = useDraftEditor(message.id);
  const isWide = useMediaQuery(TWO_COLUMNS_QUERY);
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
          <MessageCard message={message} />
          {isWide ? context : null}
        </section>
        <div className="grid min-w-0 gap-6">
          <DraftWorkspace messageId={message.id} canWrite={canWrite} editor={editor} />
          {isWide ? null : context}
        </div>
      </div>
    </>
  );
}

/** The investor's message: who wrote, the subject (the page's h1), when, the text, its topics. */
function MessageCard({ message }: { message: Message }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="gap-1">
        <p className="font-semibold">{message.investor_name}</p>
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
        {/* Narrow: a long message scrolls in its box so the draft stays near; wide: the column scrolls. */}
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll a long message
          tabIndex={0}
          aria-label="Message text"
          className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 text-sm focus-visible:outline-2 focus-visible:outline-ring lg:max-h-none"
        >
          {message.body_text}
        </section>
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
