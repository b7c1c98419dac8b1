import type { MessageSource } from '@parley/contracts';
import { Mail, MessagesSquare, UserRoundX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Compact (an inbox row): on a phone only the icon shows, the words stay for screen readers. */
function wordsClass(isCompact: boolean): string | undefined {
  return isCompact ? 'sr-only sm:not-sr-only' : undefined;
}

/** Why a sender is 'unknown' (docs/decisions/058-inbound-email.md). */
export const UNKNOWN_SENDER_HINT = 'No earlier message from this address';

/**
 * Where a message came from, when it matters: an e-mail Parley received shows an envelope and the word
 * for screen readers ('E-mail'); a message logged in Compose shows nothing.
 */
export function EmailSourceMark({
  source,
  isCompact = false,
  className,
}: {
  source: MessageSource;
  isCompact?: boolean;
  className?: string;
}) {
  if (source !== 'email') return null;
  return (
    <span
      title="Received by e-mail"
      className={cn('inline-flex shrink-0 items-center gap-1 text-muted-foreground text-xs', className)}
    >
      <Mail aria-hidden className="size-3.5" />
      <span className={wordsClass(isCompact)}>E-mail</span>
    </span>
  );
}

/** A sender the organisation has not heard from before: worth a second look before answering. */
export function UnknownSenderBadge({
  isCompact = false,
  className,
}: {
  isCompact?: boolean;
  className?: string;
}) {
  return (
    <Badge variant="warning" title={UNKNOWN_SENDER_HINT} className={className}>
      <UserRoundX aria-hidden />
      <span className={wordsClass(isCompact)}>Unknown sender</span>
      <span className="sr-only">: {UNKNOWN_SENDER_HINT}</span>
    </Badge>
  );
}

/** A later message of its thread: the card stands for the conversation, not a first contact. */
export function ReplyInThreadMark({
  isCompact = false,
  className,
}: {
  isCompact?: boolean;
  className?: string;
}) {
  return (
    <span
      title="The investor wrote again in an existing thread"
      className={cn('inline-flex shrink-0 items-center gap-1 text-muted-foreground text-xs', className)}
    >
      <MessagesSquare aria-hidden className="size-3.5" />
      <span className={wordsClass(isCompact)}>Reply in thread</span>
    </span>
  );
}
