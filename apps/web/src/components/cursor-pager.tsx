import { ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Previous / Next under a list paged by cursor, with where one is (`status`) announced politely. */
export function CursorPager({
  statusId,
  status,
  isFetching,
  canGoBack,
  canGoForward,
  onPrevious,
  onNext,
}: {
  statusId?: string;
  status: ReactNode;
  /** A page is being loaded: both buttons wait for it. */
  isFetching: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p id={statusId} className="text-muted-foreground text-sm" aria-live="polite">
        {status}
        {isFetching ? (
          <LoaderCircle className="ml-2 inline size-3.5 motion-safe:animate-spin" aria-label="Loading" />
        ) : null}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!canGoBack || isFetching} onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!canGoForward || isFetching} onClick={onNext}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
