import type { ThreadEntry, ThreadMessage, ThreadReply } from '@parley/contracts';
import { ChevronDown, ChevronUp, CornerDownRight, History } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { entryKey, isLongText, omittedText, visibleEarlier } from '../thread-timeline';
import { AttachmentList } from './attachment-list';
import { EmailSourceMark, UnknownSenderBadge } from './message-source';

/**
 * The thread before the message being answered, oldest first (docs/decisions/058-inbound-email.md):
 * the investor's earlier messages and the replies Parley sent, each text clamped to a few lines with
 * 'Show more'. A long thread shows its newest earlier entries, with a button for the rest.
 */
export function EarlierEntries({
  entries,
  omitted,
  canAddDocuments,
}: {
  entries: readonly ThreadEntry[];
  /** Older messages the server left out of the thread. */
  omitted: number;
  canAddDocuments: boolean;
}) {
  const id = useId();
  const [isShowingAll, setShowingAll] = useState(false);
  if (entries.length === 0 && omitted === 0) return null;
  const { shown, hidden } = visibleEarlier(entries, isShowingAll);
  const listId = `${id}-list`;
  const canToggle = entries.length > shown.length || isShowingAll;
  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-3" data-testid="thread-earlier">
      <p id={`${id}-title`} className="flex items-center gap-1.5 font-medium text-muted-foreground text-sm">
        <History aria-hidden className="size-4" />
        Earlier in this thread
      </p>
      {omitted > 0 ? (
        <p className="text-muted-foreground text-xs">{omittedText(omitted, (n) => formatNumber(n))}</p>
      ) : null}
      {canToggle ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-expanded={isShowingAll}
          aria-controls={listId}
          onClick={() => setShowingAll((value) => !value)}
        >
          {isShowingAll ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {isShowingAll ? 'Show only the latest' : `Show ${formatNumber(hidden)} earlier`}
        </Button>
      ) : null}
      {shown.length > 0 ? (
        <ThreadEntryList id={listId} entries={shown} canAddDocuments={canAddDocuments} />
      ) : null}
    </section>
  );
}

/** Entries of a thread as a list: an investor's message or a reply Parley sent each. */
export function ThreadEntryList({
  id,
  entries,
  canAddDocuments,
  label = 'Earlier messages and replies',
}: {
  id?: string;
  entries: readonly ThreadEntry[];
  canAddDocuments: boolean;
  label?: string;
}) {
  return (
    <ol id={id} aria-label={label} className="grid min-w-0 gap-3">
      {entries.map((entry) => (
        <li key={entryKey(entry)} className="min-w-0">
          {entry.kind === 'message' ? (
            <MessageEntry message={entry.message} canAddDocuments={canAddDocuments} />
          ) : (
            <ReplyEntry reply={entry.reply} />
          )}
        </li>
      ))}
    </ol>
  );
}

function MessageEntry({ message, canAddDocuments }: { message: ThreadMessage; canAddDocuments: boolean }) {
  const id = useId();
  return (
    <article
      aria-labelledby={`${id}-who`}
      data-testid="thread-entry-message"
      className="grid min-w-0 gap-2 rounded-lg border bg-card p-3 text-card-foreground"
    >
      <header className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <p id={`${id}-who`} className="min-w-0 break-words font-medium text-sm">
          {message.investor_name}
          <span className="sr-only">, {formatDateTime(message.created_at)}</span>
        </p>
        <EmailSourceMark source={message.source} />
        {message.sender_unknown ? <UnknownSenderBadge /> : null}
        <time
          dateTime={message.created_at}
          aria-hidden
          className="ml-auto shrink-0 text-muted-foreground text-xs"
        >
          {formatDateTime(message.created_at)}
        </time>
      </header>
      {message.subject ? (
        <p className="break-words text-muted-foreground text-xs">{message.subject}</p>
      ) : null}
      <CollapsibleText text={message.body_text} label={`${message.investor_name}’s message`} />
      <AttachmentList messageId={message.id} attachments={message.attachments} canAdd={canAddDocuments} />
    </article>
  );
}

function ReplyEntry({ reply }: { reply: ThreadReply }) {
  const id = useId();
  const sentAt = formatDateTime(reply.approved_at);
  return (
    <article
      aria-labelledby={`${id}-who`}
      data-testid="thread-entry-reply"
      className="grid min-w-0 gap-2 rounded-lg border border-primary/25 bg-primary/5 p-3 sm:ml-6"
    >
      <header className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <p id={`${id}-who`} className="flex min-w-0 items-center gap-1.5 break-words font-medium text-sm">
          <CornerDownRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          Reply sent
          <span className="sr-only">, {sentAt}</span>
        </p>
        <span className="min-w-0 break-words text-muted-foreground text-xs">
          {reply.approved_by ? `Approved by ${reply.approved_by}` : 'Approved'}
        </span>
        <time
          dateTime={reply.approved_at}
          aria-hidden
          className="ml-auto shrink-0 text-muted-foreground text-xs"
        >
          {sentAt}
        </time>
      </header>
      <CollapsibleText text={reply.text} label="The reply" />
    </article>
  );
}

/**
 * Plain text (never HTML: an investor's words are data), clamped to a few lines; 'Show more' opens it
 * and says so to screen readers (aria-expanded). Short texts have no toggle.
 */
function CollapsibleText({ text, label }: { text: string; label: string }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const isLong = isLongText(text);
  return (
    <div className="grid min-w-0 justify-items-start gap-1">
      <p
        id={`${id}-text`}
        className={cn('w-full whitespace-pre-wrap break-words text-sm', isLong && !isOpen && 'line-clamp-4')}
      >
        {text}
      </p>
      {isLong ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          aria-expanded={isOpen}
          aria-controls={`${id}-text`}
          onClick={() => setOpen((value) => !value)}
        >
          {isOpen ? 'Show less' : 'Show more'}
          <span className="sr-only"> of {label}</span>
        </Button>
      ) : null}
    </div>
  );
}
