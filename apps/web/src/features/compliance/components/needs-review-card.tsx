import { REVIEW_TEXTS, type ReviewItem } from '@parley/contracts';
import { Check } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadMore } from '@/components/load-more';
import { PendingButton } from '@/components/pending-button';
import { SectionError } from '@/components/section-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { libraryAnswerLink, paths } from '@/lib/paths';
import { type DiffSegment, diffWords, foldUnchangedParagraphs } from '@/lib/word-diff';
import { useMarkReviewed, useReviewItems } from '../api/review-items';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { SectionTitle } from './section-title';

/** Runs of a passage with the words the other side does not have marked: struck out as cited, marked as now. */
function Marked({ segments, side }: { segments: DiffSegment[]; side: 'before' | 'after' }) {
  return segments.map((segment, index) =>
    !segment.changed ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a render
      <span key={index}>{segment.text}</span>
    ) : side === 'before' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a render
      <del key={index} className="rounded-sm bg-destructive/15 text-foreground">
        {segment.text}
      </del>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a render
      <ins key={index} className="rounded-sm bg-status-pass/25 text-foreground no-underline">
        {segment.text}
      </ins>
    ),
  );
}

const unchangedText = (count: number) =>
  count === 1 ? '1 paragraph that did not change' : `${count} paragraphs that did not change`;

/**
 * A passage as cited or as it reads now: whole, or only its paragraphs with a changed word and a line
 * for each run of the others (a passage can be a whole page; the change is a figure).
 */
function Passage({
  segments,
  side,
  isWhole,
}: {
  segments: DiffSegment[];
  side: 'before' | 'after';
  isWhole: boolean;
}) {
  if (isWhole) {
    return (
      <p className="whitespace-pre-line break-words text-sm leading-relaxed">
        <Marked segments={segments} side={side} />
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      {foldUnchangedParagraphs(segments).map((block, index) =>
        block.kind === 'unchanged' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are fixed for a render
          <p key={index} className="text-muted-foreground text-xs italic">
            … {unchangedText(block.count)}
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are fixed for a render
          <p key={index} className="whitespace-pre-line break-words text-sm leading-relaxed">
            <Marked segments={block.segments} side={side} />
          </p>
        ),
      )}
    </div>
  );
}

function SubjectLink({ item }: { item: ReviewItem }) {
  if (item.kind === 'library_answer' && item.library_answer_id) {
    return (
      <Link
        to={libraryAnswerLink.build(item.library_answer_id)}
        className="font-medium underline underline-offset-2"
      >
        {item.library_answer_title ?? 'Library answer'}
      </Link>
    );
  }
  if (item.message_id) {
    return (
      <Link to={paths.thread.build(item.message_id)} className="font-medium underline underline-offset-2">
        {item.investor_name ? `${item.investor_name}: ` : ''}
        {item.subject ?? 'Draft'}
        {item.version ? ` (version ${item.version})` : ''}
      </Link>
    );
  }
  return null;
}

function ReviewRow({ item, canReview }: { item: ReviewItem; canReview: boolean }) {
  const review = useMarkReviewed();
  const diff = useMemo(() => (item.new ? diffWords(item.old.text, item.new.text) : null), [item]);
  // Only the changed paragraphs at first, when there is anything to leave out.
  const isFoldable = useMemo(
    () =>
      diff !== null &&
      [diff.before, diff.after].some((side) =>
        foldUnchangedParagraphs(side).some((block) => block.kind === 'unchanged'),
      ),
    [diff],
  );
  const [isWhole, setWhole] = useState(false);
  const passagesId = useId();
  return (
    <li data-testid="review-item" className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{item.kind === 'draft' ? 'Unsent draft' : 'Library answer'}</Badge>
            <SubjectLink item={item} />
          </span>
          <span className="text-muted-foreground text-xs">
            {item.file_name}
            {item.document_id ? ' was re-indexed' : ' was deleted'} · {formatDateTime(item.created_at)}
          </span>
        </div>
        {canReview ? (
          <PendingButton
            type="button"
            variant="outline"
            size="sm"
            isPending={review.isPending}
            icon={<Check aria-hidden />}
            onClick={() =>
              review.mutate(item.id, {
                onSuccess: () => toast.success(REVIEW_TEXTS.reviewed),
                onError: (error) => toast.error(getErrorMessage(error, REVIEW_TEXTS.reviewFailed)),
              })
            }
          >
            {REVIEW_TEXTS.markReviewed}
          </PendingButton>
        ) : null}
      </div>
      <div id={passagesId} className="grid gap-3 md:grid-cols-2">
        <section aria-label="As cited" className="grid content-start gap-1 rounded-md bg-muted/40 p-2">
          <h3 className="font-medium text-muted-foreground text-xs">As cited · {item.old.doc_path}</h3>
          <Passage
            segments={diff ? diff.before : [{ text: item.old.text, changed: false }]}
            side="before"
            isWhole={isWhole || !isFoldable}
          />
        </section>
        <section aria-label="Now" className="grid content-start gap-1 rounded-md bg-muted/40 p-2">
          <h3 className="font-medium text-muted-foreground text-xs">
            Now{item.new ? ` · ${item.new.doc_path}` : ''}
          </h3>
          {diff ? (
            <Passage segments={diff.after} side="after" isWhole={isWhole || !isFoldable} />
          ) : (
            <p className="text-muted-foreground text-sm italic">{REVIEW_TEXTS.textGone}</p>
          )}
        </section>
      </div>
      {isFoldable ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto w-fit p-0"
          aria-expanded={isWhole}
          aria-controls={passagesId}
          onClick={() => setWhole((whole) => !whole)}
        >
          {isWhole ? 'Show only what changed' : 'Show the whole passage'}
        </Button>
      ) : null}
      {item.kind === 'library_answer' && canReview ? (
        <p className="text-muted-foreground text-xs">{REVIEW_TEXTS.libraryNote}</p>
      ) : null}
    </li>
  );
}

/**
 * Needs review (docs/decisions/028-answer-library.md): unsent drafts and library answers citing a passage
 * that changed or went when its document was re-indexed or deleted, the passage as cited beside the one
 * that reads most like it now, changed words marked; those who keep the policy mark them reviewed.
 */
export function NeedsReviewCard({ canReview }: { canReview: boolean }) {
  const list = useReviewItems();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;
  return (
    <Card id="needs-review">
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.needsReview}>
          {REVIEW_TEXTS.title}
          {total ? ` (${total})` : ''}
        </SectionTitle>
        <CardDescription>{REVIEW_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.isPending ? (
          <Spinner label="Loading the review queue..." className="py-6" />
        ) : list.isError ? (
          <SectionError title={REVIEW_TEXTS.loadFailed} error={list.error} onRetry={() => list.refetch()} />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground text-sm">{REVIEW_TEXTS.empty}</p>
        ) : (
          <ul className="grid gap-3" aria-label={REVIEW_TEXTS.title}>
            {items.map((item) => (
              <ReviewRow key={item.id} item={item} canReview={canReview} />
            ))}
          </ul>
        )}
        <LoadMore query={list} failedText="More items could not be loaded." />
      </CardContent>
    </Card>
  );
}
