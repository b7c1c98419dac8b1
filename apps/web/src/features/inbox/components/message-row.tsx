import type { Message } from '@parley/contracts';
import type { KeyboardEvent, Ref } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/relative-time';
import { SentimentBadge } from '@/components/sentiment-badge';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { getInitials } from '@/lib/initials';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { EmailSourceMark, ReplyInThreadMark, UnknownSenderBadge } from './message-source';
import { MessageStatusBadge } from './message-status-badge';

type MessageRowProps = {
  message: Message;
  /** The row j/k moved to: its ring shows even when the link lost the focus. */
  isFocused: boolean;
  isSelected: boolean;
  /** Null for a role that may not change messages: no checkbox. */
  onToggleSelected: (() => void) | null;
  onFocus: () => void;
  linkRef: Ref<HTMLAnchorElement>;
};

/**
 * docs/product.md §2 Inbox: one dense row (about 60 px) that is a link to the thread as a whole —
 * investor, subject and preview on one line; fund, status and sentiment under it; age and owner at the
 * end. Unread rows are bold with a dot. The checkbox and the hover titles sit above the link's overlay.
 * The row is a thread's newest message (docs/decisions/058-inbound-email.md): it opens the thread, and
 * says when it came by e-mail, from an unknown sender, or as a later message of its thread (on a phone
 * the marks shrink to their icons, their words kept for screen readers).
 */
export function MessageRow({
  message,
  isFocused,
  isSelected,
  onToggleSelected,
  onFocus,
  linkRef,
}: MessageRowProps) {
  const score = message.sentiment_score;
  const onLinkKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    // Space on a focused row selects it, as x does (a link ignores Space otherwise).
    if (event.key === ' ' && onToggleSelected) {
      event.preventDefault();
      onToggleSelected();
    }
  };
  return (
    <div
      data-message-row={message.id}
      className={cn(
        'relative flex min-h-15 items-center gap-3 px-3 py-2 transition-colors hover:bg-accent/60',
        isSelected && 'bg-accent/40',
        isFocused && 'ring-2 ring-ring ring-inset',
        'has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-inset',
      )}
    >
      {onToggleSelected ? (
        <Checkbox
          checked={isSelected}
          onCheckedChange={onToggleSelected}
          aria-label={`Select the message from ${message.investor_name}`}
          className="relative z-10"
        />
      ) : null}
      <span
        aria-hidden
        className={cn('size-2 shrink-0 rounded-full', message.unread ? 'bg-primary' : 'bg-transparent')}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          ref={linkRef}
          to={paths.thread.build(message.thread_id)}
          onFocus={onFocus}
          onKeyDown={onLinkKeyDown}
          data-row-link
          className="flex min-w-0 items-baseline gap-2 text-sm outline-none after:absolute after:inset-0"
        >
          {message.unread ? <span className="sr-only">Unread: </span> : null}
          <span
            className={cn('shrink-0 truncate sm:max-w-48', message.unread ? 'font-semibold' : 'font-medium')}
          >
            {message.investor_name}
          </span>
          <span className="min-w-0 truncate">
            <span className={cn(message.unread && 'font-semibold')}>{message.subject}</span>
            <span className="text-muted-foreground"> — {message.body_text}</span>
          </span>
        </Link>
        <div className="flex min-w-0 items-center gap-1.5 overflow-hidden text-muted-foreground text-xs">
          <MessageStatusBadge status={message.status} className="shrink-0" />
          {/* Above the link's overlay, so its title explains it on hover. */}
          {message.sender_unknown ? <UnknownSenderBadge isCompact className="relative z-10" /> : null}
          <EmailSourceMark source={message.source} isCompact />
          {message.thread_id !== message.id ? <ReplyInThreadMark isCompact /> : null}
          {score !== null ? <SentimentBadge score={score} className="shrink-0" /> : null}
          {message.project_name ? (
            <Badge variant="outline" className="block min-w-0 max-w-56 truncate">
              {message.project_name}
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="relative z-10 flex shrink-0 flex-col items-end gap-1 text-muted-foreground text-xs">
        <RelativeTime at={message.created_at} />
        {message.owner ? (
          <span
            title={`Owner: ${message.owner.name}`}
            className="flex size-6 items-center justify-center rounded-full bg-muted font-medium text-[10px] text-foreground"
          >
            <span aria-hidden>{getInitials(message.owner.name)}</span>
            <span className="sr-only">Owner: {message.owner.name}</span>
          </span>
        ) : (
          <span title="No owner" className="size-6 rounded-full border border-dashed">
            <span className="sr-only">No owner</span>
          </span>
        )}
      </div>
    </div>
  );
}
