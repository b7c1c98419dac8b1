import {
  CLASS_TEXTS,
  SUPERVISORY_REVIEW_NOTE_MAX,
  type SupervisoryReview,
  type SupervisoryReviewStatus,
  SUPERVISORY_REVIEW_TEXTS as TEXTS,
} from '@parley/contracts';
import { CircleAlert, ClipboardCheck, RotateCw, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CursorPagesPager, useCursorPages } from '@/components/cursor-pager';
import { EmptyState } from '@/components/empty-state';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormErrorAlert } from '@/components/form-error-alert';
import { TextareaField } from '@/components/form-field';
import { RelativeTime } from '@/components/relative-time';
import { SeverityBadge } from '@/components/severity-badge';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage, getServerMessage, isApiError } from '@/lib/api-client';
import { byId, focusWhenShown } from '@/lib/focus-when-shown';
import { paths } from '@/lib/paths';
import { useSignOffSupervisoryReview, useSupervisoryReviews } from '../api/supervisory-reviews';

/** 'Flagged' stands out (it had flags when it went); 'Sampled' is routine. */
function ReasonBadge({ review }: { review: SupervisoryReview }) {
  return (
    <Badge
      variant={review.reason === 'flagged' ? 'warning' : 'secondary'}
      title={TEXTS.reasonHints[review.reason]}
    >
      {TEXTS.reasons[review.reason]}
    </Badge>
  );
}

function FlagSummary({ flags }: { flags: SupervisoryReview['flags'] }) {
  if (flags.count === 0 || !flags.highest) return <span className="text-muted-foreground">None</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="tabular-nums">{flags.count}</span>
      <SeverityBadge severity={flags.highest} />
    </span>
  );
}

/**
 * The Approvals page's post-send review (docs/decisions/055-supervisory-review.md): replies their own
 * writer finalised, drawn for a director to read after sending — to review, or signed off.
 */
export function PostSendReview() {
  const id = useId();
  const listId = `${id}-list`;
  const [status, setStatus] = useState<SupervisoryReviewStatus>('pending');
  const pages = useCursorPages();
  const reviews = useSupervisoryReviews(status, pages.cursor);
  const [signing, setSigning] = useState<SupervisoryReview | null>(null);
  const items = reviews.data?.items ?? [];
  const isPending = status === 'pending';

  function changeStatus(next: string) {
    setStatus(next as SupervisoryReviewStatus);
    pages.reset();
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="font-semibold text-base">
          {TEXTS.title}
        </h2>
        <p className="text-muted-foreground text-sm">{TEXTS.description}</p>
      </div>
      <Tabs value={status} onValueChange={changeStatus}>
        <TabsList aria-label="Post-send reviews">
          <TabsTrigger value="pending" controls={listId}>
            {TEXTS.pendingTab}
            {reviews.data ? <span className="tabular-nums">({reviews.data.pending})</span> : null}
          </TabsTrigger>
          <TabsTrigger value="signed_off" controls={listId}>
            {TEXTS.signedOffTab}
          </TabsTrigger>
        </TabsList>
      </Tabs>
      <div id={listId} tabIndex={-1} aria-busy={reviews.isFetching} className="grid gap-3 outline-none">
        {reviews.isError && !reviews.data ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>{TEXTS.loadFailed}</AlertTitle>
            <AlertDescription>
              <p>{getErrorMessage(reviews.error, 'Please try again.')}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void reviews.refetch()}>
                <RotateCw aria-hidden /> Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !reviews.data ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading the post-send review" />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={isPending ? ClipboardCheck : ShieldCheck}
            title={isPending ? TEXTS.emptyPending : TEXTS.emptySignedOff}
            description={isPending ? TEXTS.emptyPendingHint : TEXTS.emptySignedOffHint}
          />
        ) : (
          <ReviewTable reviews={items} isPending={isPending} onSignOff={setSigning} />
        )}
        {reviews.data ? (
          <CursorPagesPager
            pages={pages}
            nextCursor={reviews.data.next_cursor}
            isFetching={reviews.isFetching}
          />
        ) : null}
      </div>
      <SignOffDialog
        review={signing}
        onClose={() => setSigning(null)}
        onSignedOff={() => focusWhenShown(byId(listId))}
      />
    </section>
  );
}

function ReviewTable({
  reviews,
  isPending,
  onSignOff,
}: {
  reviews: readonly SupervisoryReview[];
  isPending: boolean;
  onSignOff: (review: SupervisoryReview) => void;
}) {
  return (
    <Table stacked aria-label={isPending ? 'Replies to review' : 'Signed-off replies'}>
      <TableHeader>
        <TableRow>
          <TableHead>Reply</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead>Sent by</TableHead>
          <TableHead>Sent</TableHead>
          <TableHead>Flags</TableHead>
          <TableHead>Class</TableHead>
          {isPending ? (
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : (
            <TableHead>Signed off</TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {reviews.map((review) => (
          <TableRow key={review.id} data-testid="post-send-review">
            <TableCell className="max-w-72 whitespace-normal">
              <Link
                to={paths.thread.build(review.message_id)}
                className="font-medium underline underline-offset-2 [overflow-wrap:anywhere]"
              >
                {review.subject}
              </Link>
              <p className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
                {review.investor_name} · {review.investor_email}
              </p>
            </TableCell>
            <TableCell label="Reason">
              <ReasonBadge review={review} />
            </TableCell>
            <TableCell label="Sent by">{review.sent_by_name ?? 'A former member'}</TableCell>
            <TableCell label="Sent">
              <RelativeTime at={review.sent_at} />
            </TableCell>
            <TableCell label="Flags">
              <FlagSummary flags={review.flags} />
            </TableCell>
            <TableCell label="Class">
              {review.communication_class ? CLASS_TEXTS.classNames[review.communication_class] : '—'}
            </TableCell>
            {isPending ? (
              <TableCell className="text-right">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onSignOff(review)}
                  aria-label={`${TEXTS.signOff}: ${review.subject}`}
                >
                  <ShieldCheck aria-hidden />
                  {TEXTS.signOff}
                </Button>
              </TableCell>
            ) : (
              <TableCell label="Signed off" className="max-w-80 whitespace-normal">
                {/* One block, so a phone's card shows it beside its label as one value. */}
                <div className="grid gap-0.5 max-md:text-right">
                  <span>
                    {review.reviewed_by_name ?? 'A former member'}
                    {review.reviewed_at ? (
                      <>
                        , <RelativeTime at={review.reviewed_at} />
                      </>
                    ) : null}
                  </span>
                  {review.note ? (
                    <p className="text-muted-foreground text-xs [overflow-wrap:anywhere]">{review.note}</p>
                  ) : null}
                </div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SignOffDialog({
  review,
  onClose,
  onSignedOff,
}: {
  review: SupervisoryReview | null;
  onClose: () => void;
  onSignedOff: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const signOff = useSignOffSupervisoryReview();

  function close() {
    onClose();
    setNote('');
    setNoteError(undefined);
    setFailure(undefined);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!review) return;
    setNoteError(undefined);
    setFailure(undefined);
    signOff.mutate(
      { id: review.id, note },
      {
        onSuccess: () => {
          toast.success(TEXTS.signedOff);
          close();
          onSignedOff();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            toast.info(getServerMessage(error) ?? TEXTS.alreadySignedOff);
            close();
            return;
          }
          const field = isApiError(error) ? error.fields?.note : undefined;
          if (field) setNoteError(field);
          else setFailure(getServerMessage(error) ?? TEXTS.signOffFailed);
        },
      },
    );
  }

  return (
    <Dialog open={review !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={submit}
          noValidate
          aria-describedby={failure ? `${id}-failure` : undefined}
        >
          <FormDialogHeader
            title={TEXTS.signOffTitle}
            description={
              review ? (
                <>
                  {review.subject} — {review.investor_name}. {TEXTS.signOffDescription}{' '}
                  <Link to={paths.thread.build(review.message_id)} className="underline underline-offset-2">
                    {TEXTS.openThread}
                  </Link>
                </>
              ) : (
                ''
              )
            }
            icon={ShieldCheck}
          />
          {failure ? <FormErrorAlert id={`${id}-failure`} title={failure} /> : null}
          <TextareaField
            id={`${id}-note`}
            label={TEXTS.noteLabel}
            hint={TEXTS.noteHint}
            maxLength={SUPERVISORY_REVIEW_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={noteError}
          />
          <FormDialogFooter confirmLabel={TEXTS.signOff} isPending={signOff.isPending} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
