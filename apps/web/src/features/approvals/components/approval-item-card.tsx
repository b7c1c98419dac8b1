import {
  APPROVAL_TEXTS,
  type ApprovalItem,
  CLASS_TEXTS,
  type FlagExcerpt,
  FOUR_EYES_REFUSAL,
} from '@parley/contracts';
import { AlertTriangle, Check, Clock, Eye, MessageSquareWarning, SendHorizontal, User } from 'lucide-react';
import { Link } from 'react-router';
import { FlagRuleBadge } from '@/components/flag-why';
import { FlagMark } from '@/components/flagged-text';
import { SentimentBadge } from '@/components/sentiment-badge';
import { SeverityBadge } from '@/components/severity-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatAge, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/** A flagged passage: the span marked in its severity's colour, with why it was flagged under it. */
function Excerpt({ excerpt }: { excerpt: FlagExcerpt }) {
  return (
    <li className="grid gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={excerpt.severity} />
        <span className="font-medium">‘{excerpt.term}’</span>
        <FlagRuleBadge rule={excerpt.rule} />
      </div>
      <blockquote className="break-words border-l-2 pl-3 leading-relaxed">
        {excerpt.cut_before ? '… ' : ''}
        {excerpt.before}
        <FlagMark severity={excerpt.severity} rationale={excerpt.rationale}>
          {excerpt.match}
        </FlagMark>
        {excerpt.after}
        {excerpt.cut_after ? ' …' : ''}
      </blockquote>
      <p className="text-muted-foreground">{excerpt.rationale}</p>
    </li>
  );
}

/** docs/product.md §2 approval item: investor, subject, submitter, age, fund, sentiment, flags; its actions. */
export function ApprovalItemCard({
  item,
  onApprove,
  onRequestChanges,
}: {
  item: ApprovalItem;
  onApprove: () => void;
  onRequestChanges: () => void;
}) {
  const score = item.sentiment_score;
  const isFlagged = item.flags.count > 0;
  const more = item.flags.count - item.excerpts.length;
  return (
    <Card className="py-4" data-testid="approval-item">
      <CardContent className="grid gap-3 px-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate font-semibold">{item.investor_name}</h2>
              {score !== null ? <SentimentBadge score={score} /> : null}
              {isFlagged ? (
                <Badge variant="destructive">
                  <AlertTriangle aria-hidden />
                  {APPROVAL_TEXTS.flagged}
                </Badge>
              ) : null}
            </div>
            <p className="break-words font-medium text-sm">{item.subject}</p>
          </div>
          <Badge variant="outline">Version {item.version}</Badge>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div className="flex min-w-0 items-center gap-1.5">
            <dt className="inline-flex items-center gap-1 text-muted-foreground">
              <User aria-hidden className="size-3.5" />
              Submitted by
            </dt>
            <dd className="truncate">{item.submitted_by_name ?? 'Unknown'}</dd>
          </div>
          <div className="flex min-w-0 items-center gap-1.5">
            <dt className="inline-flex items-center gap-1 text-muted-foreground">
              <Clock aria-hidden className="size-3.5" />
              Age
            </dt>
            <dd>
              <time dateTime={item.submitted_at} title={formatDateTime(item.submitted_at)}>
                {formatAge(item.submitted_at)}
              </time>
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-1.5">
            <dt className="text-muted-foreground">Fund</dt>
            <dd className="truncate">{item.project_name ?? 'No fund'}</dd>
          </div>
          {item.communication_class ? (
            <div className="flex min-w-0 items-center gap-1.5" data-testid="approval-class">
              <dt className="text-muted-foreground">{CLASS_TEXTS.classShortLabel}</dt>
              <dd title={CLASS_TEXTS.classAtSubmission}>
                <Badge variant={item.communication_class === 'correspondence' ? 'outline' : 'secondary'}>
                  {CLASS_TEXTS.classNames[item.communication_class]}
                </Badge>
              </dd>
            </div>
          ) : null}
          <div className="flex min-w-0 items-start gap-1.5">
            <dt className="shrink-0 text-muted-foreground">Risk flags</dt>
            <dd className={isFlagged ? 'break-words text-destructive dark:text-red-400' : 'break-words'}>
              {item.risk_flags}
            </dd>
          </div>
        </dl>
        {isFlagged ? (
          <section aria-label="Flagged passages" className="grid gap-2 rounded-md border bg-muted/30 p-3">
            <ul className="grid gap-3" data-testid="approval-excerpts">
              {item.excerpts.map((excerpt, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: excerpts are positional within one version
                <Excerpt key={index} excerpt={excerpt} />
              ))}
            </ul>
            {more > 0 ? (
              <p className="text-muted-foreground text-xs">
                {more} more flagged {more === 1 ? 'passage' : 'passages'}: Approve & Send shows them all.
              </p>
            ) : null}
          </section>
        ) : (
          <p className="line-clamp-3 whitespace-pre-wrap break-words text-muted-foreground text-sm">
            {item.preview}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.thread.build(item.message_id)}>
              <Eye aria-hidden />
              {APPROVAL_TEXTS.viewDraft}
            </Link>
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onRequestChanges}>
            <MessageSquareWarning aria-hidden />
            {APPROVAL_TEXTS.requestChanges}
          </Button>
          {item.four_eyes_refuses_caller ? null : (
            <Button type="button" size="sm" onClick={onApprove}>
              {isFlagged ? <SendHorizontal aria-hidden /> : <Check aria-hidden />}
              {APPROVAL_TEXTS.approveAndSend}
            </Button>
          )}
        </div>
        {item.four_eyes_refuses_caller ? (
          <p className="text-right text-muted-foreground text-sm">{FOUR_EYES_REFUSAL}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
