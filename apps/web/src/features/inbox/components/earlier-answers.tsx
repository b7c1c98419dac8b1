import { EARLIER_ANSWER_TEXTS, type EarlierAnswer } from '@parley/contracts';
import { History } from 'lucide-react';
import { useId } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatPercent } from '@/lib/format';
import { useEarlierAnswers } from '../api/get-earlier-answers';

/**
 * 'Answered before' (docs/product.md §2 Message detail, docs/decisions/027-consistency-across-investors.md):
 * beside the draft, the replies already sent to other investors of the fund on a similar question,
 * most similar first — each opens (Enter, Space; arrow keys move between them) to the investor's
 * question and the reply as sent, to read against the draft.
 */
export function EarlierAnswersCard({ messageId, hasFund }: { messageId: string; hasFund: boolean }) {
  const id = useId();
  const answers = useEarlierAnswers(messageId);
  const items = answers.data?.items ?? [];
  const titleId = `${id}-title`;

  return (
    <Card className="min-w-0" data-testid="earlier-answers">
      <CardHeader className="gap-1.5">
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <History aria-hidden className="size-4 text-muted-foreground" />
          {EARLIER_ANSWER_TEXTS.title}
        </CardTitle>
        <CardDescription>{EARLIER_ANSWER_TEXTS.subtitle}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        {!hasFund ? (
          <p className="text-muted-foreground text-sm">{EARLIER_ANSWER_TEXTS.noFund}</p>
        ) : answers.isPending ? (
          <Spinner label="Loading earlier answers..." className="py-6" />
        ) : answers.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{EARLIER_ANSWER_TEXTS.loadFailed}</AlertTitle>
            <AlertDescription>
              {getErrorMessage(answers.error, EARLIER_ANSWER_TEXTS.loadFailed)}{' '}
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => answers.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{EARLIER_ANSWER_TEXTS.empty}</p>
        ) : (
          <Accordion
            type="single"
            collapsible
            defaultValue={items[0]?.message_id}
            aria-labelledby={titleId}
            className="min-w-0"
          >
            {items.map((answer) => (
              <EarlierAnswerItem key={answer.message_id} answer={answer} />
            ))}
          </Accordion>
        )}
      </CardContent>
    </Card>
  );
}

function EarlierAnswerItem({ answer }: { answer: EarlierAnswer }) {
  const id = useId();
  return (
    <AccordionItem value={answer.message_id} data-testid="earlier-answer" className="min-w-0">
      <AccordionTrigger className="min-w-0">
        <span className="grid min-w-0 gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-words">{answer.investor_name}</span>
            {answer.is_same_question ? (
              <Badge variant="warning" title={EARLIER_ANSWER_TEXTS.sameQuestionHint}>
                {EARLIER_ANSWER_TEXTS.sameQuestion}
              </Badge>
            ) : null}
            <Badge variant="outline" className="font-normal text-muted-foreground tabular-nums">
              {EARLIER_ANSWER_TEXTS.similarity(formatPercent(answer.similarity))}
            </Badge>
          </span>
          <span className="break-words font-normal text-muted-foreground">
            {answer.subject} ·{' '}
            <time dateTime={answer.sent_at} title={formatDateTime(answer.sent_at)}>
              {formatDate(answer.sent_at)}
            </time>
          </span>
        </span>
      </AccordionTrigger>
      <AccordionContent className="grid min-w-0 gap-3 text-foreground">
        <p className="text-muted-foreground text-xs">
          {EARLIER_ANSWER_TEXTS.sentBy(answer.approved_by_name, formatDateTime(answer.sent_at))}
          {answer.is_same_question ? ` · ${EARLIER_ANSWER_TEXTS.sameQuestionHint}` : ''}
        </p>
        <div className="grid gap-1">
          <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
            {EARLIER_ANSWER_TEXTS.question}
          </h4>
          <blockquote className="whitespace-pre-wrap break-words border-l-2 pl-3 text-muted-foreground">
            {answer.question_excerpt}
          </blockquote>
        </div>
        <div className="grid gap-1">
          <h4
            id={`${id}-reply`}
            className="font-medium text-muted-foreground text-xs uppercase tracking-wide"
          >
            {EARLIER_ANSWER_TEXTS.reply}
          </h4>
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll a long reply
            tabIndex={0}
            aria-labelledby={`${id}-reply`}
            data-testid="earlier-answer-reply"
            className="max-h-72 overflow-y-auto whitespace-pre-wrap break-words rounded-md border bg-muted/30 p-3 focus-visible:outline-2 focus-visible:outline-ring"
          >
            {answer.reply_text}
          </section>
        </div>
      </AccordionContent>
    </AccordionItem>
  );
}
