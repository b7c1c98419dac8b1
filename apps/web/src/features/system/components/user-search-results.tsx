import { TEXTS, USERS_PAGE_LIMIT_DEFAULT } from '@parley/contracts';
import { CircleAlert, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { CursorPager } from '@/components/cursor-pager';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import type { usePagedSearch } from '@/lib/use-paged-search';

/** What a query for one page of members gives. */
type UserPageQuery<T> = {
  data: { items: T[]; total: number; next_cursor: string | null } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * One page of members searched on the server (the user list, the MFA status list): loading, an
 * error with Try again, nobody (found), or the table, then the range with Previous / Next.
 * `children` draws the table's header and rows; `stacked` makes them cards on a phone (ui/table.tsx).
 */
export function UserSearchResults<T>({
  query,
  paging,
  rangeId,
  loadFailed,
  stacked = false,
  children,
}: {
  query: UserPageQuery<T>;
  paging: ReturnType<typeof usePagedSearch>;
  rangeId: string;
  loadFailed: string;
  stacked?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  const page = query.data;
  const { search } = paging;
  const firstRow = paging.pageIndex * USERS_PAGE_LIMIT_DEFAULT;
  return (
    <>
      {query.isPending ? (
        <Spinner label={TEXTS.loading} className="py-8" />
      ) : query.isError && !page ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{getErrorMessage(query.error, loadFailed)}</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : page && page.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <Users className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium text-sm">{search ? 'No users match your search' : 'No users yet'}</p>
          <p className="text-muted-foreground text-sm">
            {search ? `Nobody's name or e-mail contains “${search}”.` : 'Invite staff to see them here.'}
          </p>
        </div>
      ) : page ? (
        <Table stacked={stacked} aria-busy={query.isFetching} aria-describedby={rangeId}>
          {children(page.items)}
        </Table>
      ) : null}

      {page && page.items.length > 0 ? (
        <CursorPager
          statusId={rangeId}
          status={
            page.total === 0
              ? ''
              : `${Math.min(firstRow + 1, page.total)}–${Math.min(firstRow + page.items.length, page.total)} of ${page.total}`
          }
          isFetching={query.isFetching}
          canGoBack={paging.pageIndex > 0}
          canGoForward={Boolean(page.next_cursor) && !query.isPlaceholderData}
          onPrevious={paging.goToPreviousPage}
          onNext={() => {
            const next = page.next_cursor;
            if (next) paging.goToNextPage(next);
          }}
        />
      ) : null}
      {query.isError && page ? (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(query.error, loadFailed)}
        </p>
      ) : null}
    </>
  );
}
