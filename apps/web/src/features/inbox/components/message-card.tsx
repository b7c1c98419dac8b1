import {
  formatMessageStatus,
  INBOX_CARD_TOPICS,
  INBOX_TEXTS,
  type Message,
  type MessageStatus,
} from '@parley/contracts';
import { ArrowRight, Calendar } from 'lucide-react';
import { Link } from 'react-router';
import { SentimentBadge } from '@/components/sentiment-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';

const STATUS_VARIANTS: Record<MessageStatus, 'secondary' | 'warning' | 'success' | 'destructive'> = {
  open: 'secondary',
  awaiting_approval: 'warning',
  resolved: 'success',
  flagged: 'destructive',
};

/** A message's status as the inbox shows it (also in a thread's investor panel). */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{formatMessageStatus(status)}</Badge>;
}

/** docs/product.md §2 Inbox: one message card. */
export function MessageCard({ message }: { message: Message }) {
  const score = message.sentiment_score;
  return (
    <Card className="py-4">
      <CardContent className="grid gap-3 px-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate font-semibold">{message.investor_name}</h2>
              {score !== null ? <SentimentBadge score={score} /> : null}
            </div>
            <p className="truncate text-muted-foreground text-sm">{message.investor_email}</p>
          </div>
          <MessageStatusBadge status={message.status} />
        </div>
        <div className="min-w-0 space-y-1">
          <p className="break-words font-medium">{message.subject}</p>
          <p className="line-clamp-2 break-words text-muted-foreground text-sm">{message.body_text}</p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            {message.project_name ? <Badge variant="outline">{message.project_name}</Badge> : null}
            {message.topics.slice(0, INBOX_CARD_TOPICS).map((topic) => (
              <Badge key={topic} variant="secondary">
                {topic}
              </Badge>
            ))}
            <span className="inline-flex items-center gap-1 text-muted-foreground text-xs">
              <Calendar aria-hidden className="size-3" />
              <time dateTime={message.created_at}>{formatDate(message.created_at)}</time>
            </span>
          </div>
          <Button asChild size="sm">
            <Link to={paths.thread.build(message.id)}>
              {INBOX_TEXTS.viewAndRespond}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
