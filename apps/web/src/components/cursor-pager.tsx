import { ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
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

/** The keyset cursors of the pages read so far: the last one is the page shown. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors.at(-1) ?? null,
    page: cursors.length,
    back: () => setCursors((list) => list.slice(0, -1)),
    forward: (next: string) => setCursors((list) => [...list, next]),
    reset: () => setCursors([null]),
  };
}

/** Previous and Next over useCursorPages, shown once there is more than one page. */
export function CursorPagesPager({
  pages,
  nextCursor,
  isFetching,
}: {
  pages: ReturnType<typeof useCursorPages>;
  nextCursor: string | null;
  isFetching: boolean;
}) {
  if (pages.page === 1 && !nextCursor) return null;
  return (
    <CursorPager
      status={`Page ${pages.page}`}
      isFetching={isFetching}
      canGoBack={pages.page > 1}
      canGoForward={nextCursor !== null}
      onPrevious={pages.back}
      onNext={() => {
        if (nextCursor) pages.forward(nextCursor);
      }}
    />
  );
}
