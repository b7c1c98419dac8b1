import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Enough of an infinite query to fetch its next page. */
type NextPageQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** The foot of an infinite list: `failedText` when the next page failed, and 'Load more' while there is one. */
export function LoadMore({ query, failedText }: { query: NextPageQuery; failedText: string }) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <p className="text-destructive text-sm" role="alert">
          {failedText}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? (
              <>
                <LoaderCircle aria-hidden className="animate-spin" /> Loading…
              </>
            ) : (
              'Load more'
            )}
          </Button>
        </div>
      ) : null}
    </>
  );
}
