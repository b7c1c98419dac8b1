import {
  CLASS_TEXTS,
  INVESTOR_PANEL_TEXTS,
  type InvestorMessageSummary,
  type Message,
} from '@parley/contracts';
import { Mail, MailCheck, UserRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useInvestorHistory } from '../api/get-investor-history';
import { InvestorTypeField } from './investor-type-field';
import { MessageStatusBadge } from './message-status-badge';

/**
 * The investor panel (docs/product.md §2 Message detail), under the message: the fund this message is
 * about, when Parley was last in touch with the investor, and their other messages in the organisation,
 * newest first, each with its status and the reply last sent (when, who approved), linked to its thread.
 */
export function InvestorPanel({ message }: { message: Message }) {
  const history = useInvestorHistory(message.id);
  const typeLabelId = useId();
  return (
    <Card className="min-w-0 gap-4" data-testid="investor-panel">
      <CardHeader className="gap-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserRound aria-hidden className="size-4 text-muted-foreground" />
          {INVESTOR_PANEL_TEXTS.title}
        </CardTitle>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground" id={typeLabelId}>
            {CLASS_TEXTS.investorTypeLabel}
          </dt>
          <dd className="min-w-0">
            <InvestorTypeField messageId={message.id} labelId={typeLabelId} history={history.data} />
          </dd>
          <dt className="text-muted-foreground">Fund</dt>
          <dd className="min-w-0">
            {message.project_name ? (
              <Badge variant="outline" className="whitespace-normal text-left">
                {message.project_name}
              </Badge>
            ) : (
              <span className="text-muted-foreground">None</span>
            )}
          </dd>
          <dt className="text-muted-foreground">{INVESTOR_PANEL_TEXTS.lastContact}</dt>
          <dd className="min-w-0">
            {history.data ? (
              <>
                <time
                  dateTime={history.data.last_contact.at}
                  title={formatDateTime(history.data.last_contact.at)}
                >
                  {formatDate(history.data.last_contact.at)}
                </time>{' '}
                <span className="text-muted-foreground">
                  ({INVESTOR_PANEL_TEXTS.lastContactKind[history.data.last_contact.kind]})
                </span>
              </>
            ) : (
              <span className="text-muted-foreground">…</span>
            )}
          </dd>
        </dl>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">
        <h3 className="font-medium text-sm">{INVESTOR_PANEL_TEXTS.earlierMessages}</h3>
        {history.isPending ? (
          <Spinner label="Loading the investor’s messages..." className="py-4" />
        ) : history.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{INVESTOR_PANEL_TEXTS.loadFailed}</AlertTitle>
            <AlertDescription>
              {getErrorMessage(history.error, INVESTOR_PANEL_TEXTS.loadFailed)}{' '}
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => history.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : history.data.messages.length === 0 ? (
          <p className="text-muted-foreground text-sm">{INVESTOR_PANEL_TEXTS.none}</p>
        ) : (
          <>
            <ul className="grid divide-y">
              {history.data.messages.map((item) => (
                <InvestorMessageItem key={item.id} item={item} fund={message.project_name} />
              ))}
            </ul>
            {history.data.total > history.data.messages.length ? (
              <p className="text-muted-foreground text-xs">
                {INVESTOR_PANEL_TEXTS.more(
                  history.data.messages.length,
                  history.data.total,
                  history.data.total_is_capped,
                )}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function InvestorMessageItem({ item, fund }: { item: InvestorMessageSummary; fund: string | null }) {
  const reply = item.last_reply;
  return (
    <li className="grid min-w-0 gap-1 py-2 text-sm first:pt-0 last:pb-0" data-testid="investor-message">
      <div className="flex min-w-0 items-start justify-between gap-2">
        <Link
          to={paths.thread.build(item.id)}
          className="min-w-0 break-words font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {item.subject}
        </Link>
        <MessageStatusBadge status={item.status} />
      </div>
      <p className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-xs">
        <Mail aria-hidden className="size-3" />
        <span>
          Received <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
        </span>
        {/* Another fund than this thread's is worth saying; the same one is not. */}
        {item.project_name && item.project_name !== fund ? <span>· {item.project_name}</span> : null}
      </p>
      <p className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-xs">
        {reply ? (
          <>
            <MailCheck aria-hidden className="size-3 text-status-pass" />
            {INVESTOR_PANEL_TEXTS.replySent(formatDate(reply.sent_at), reply.approved_by_name)}
          </>
        ) : (
          INVESTOR_PANEL_TEXTS.noReply
        )}
      </p>
    </li>
  );
}
