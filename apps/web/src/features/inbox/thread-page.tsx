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
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { ComplianceFlagsPanel } from './components/compliance-flags';
import { DraftWorkspace } from './components/draft-workspace';
import { EarlierAnswersCard } from './components/earlier-answers';
import { useDraftEditor } from './use-draft-editor';

/**
 * /inbox/:threadId (docs/product.md §2 Message detail): the investor's message and the fund's earlier
 * answers on the left, the draft workspace on the right, the compliance flags below. is_associate
 * sees it all read-only.
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
    <Page className="max-w-7xl">
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
            {isApiError(message.error) && message.error.status === 404 ? (
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

/**
 * The message beside its draft workspace, and the compliance flags below: one draft editor for
 * both, so the flags can tell when the stored check no longer matches the text being edited.
 */
function ThreadDetail({ message, canWrite }: { message: Message; canWrite: boolean }) {
  const editor = useDraftEditor(message.id);
  return (
    <>
      {!canWrite ? (
        <Alert>
          <Info aria-hidden />
          <AlertTitle>Read-only</AlertTitle>
          <AlertDescription>Your role can read drafts but not generate or edit them.</AlertDescription>
        </Alert>
      ) : null}
      {/* Wide screens: the message, then the fund's earlier answers, beside the draft. */}
      <div className="grid items-start gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <Card className="min-w-0">
          <CardHeader className="gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle className="text-lg">{message.investor_name}</CardTitle>
              {message.project_name ? <Badge variant="outline">{message.project_name}</Badge> : null}
            </div>
            <p className="break-all text-muted-foreground text-sm">{message.investor_email}</p>
          </CardHeader>
          <CardContent className="grid gap-3">
            {/* The page's heading: focus lands here on arrival (app-layout.tsx). */}
            <h1 tabIndex={-1} className="break-words font-medium">
              {message.subject}
            </h1>
            <p className="text-muted-foreground text-xs">
              Received <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
            </p>
            <div className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 text-sm">
              {message.body_text}
            </div>
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
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <DraftWorkspace messageId={message.id} canWrite={canWrite} editor={editor} />
        </div>
        <EarlierAnswersCard messageId={message.id} hasFund={message.project_id !== null} />
      </div>
      <ComplianceFlagsPanel messageId={message.id} canWrite={canWrite} isStale={editor.isCheckStale} />
    </>
  );
}
