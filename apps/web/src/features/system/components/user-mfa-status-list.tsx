import {
  formatRole,
  type MemberMfaState,
  type MemberMfaStatus,
  TEXTS,
  USER_SEARCH_MAX_LENGTH,
  USERS_PAGE_LIMIT_DEFAULT,
} from '@parley/contracts';
import { ChevronLeft, ChevronRight, CircleAlert, LoaderCircle, Search, ShieldOff, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useMfaStatus } from '../api/list-mfa-status';
import { useResetUserMfa } from '../api/reset-user-mfa';
import { formatDateTime } from '../format';
import { useDebouncedValue } from '../use-debounced-value';

/** The search is sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

const LOAD_FAILED = 'Failed to load MFA status';
const RESET_FAILED = 'Failed to reset MFA';

const STATE_BADGES: Record<MemberMfaState, { label: string; variant: 'success' | 'warning' | 'secondary' }> =
  {
    enabled: { label: 'Enabled', variant: 'success' },
    pending: { label: 'Set-up not finished', variant: 'warning' },
    none: { label: 'Not set up', variant: 'secondary' },
  };

function MfaBadge({ state }: { state: MemberMfaState }) {
  const badge = STATE_BADGES[state];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

/**
 * 'View User MFA Status' (issue 4; the spec's button was disabled): every member with their MFA
 * state, searched and paged on the server, and 'Reset MFA' per member after a confirmation. One's
 * own authenticator is changed in Settings, so one's own row links there instead.
 */
export function UserMfaStatusList({ currentUserId, searchId }: { currentUserId: string; searchId: string }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // The cursors of the pages walked so far; a new search starts again at the first page.
  const [paging, setPaging] = useState<{ search: string; cursors: (string | null)[] }>({
    search: '',
    cursors: [null],
  });
  if (paging.search !== search) setPaging({ search, cursors: [null] });
  const cursor = paging.cursors.at(-1) ?? null;
  const pageIndex = paging.cursors.length - 1;

  const list = useMfaStatus({ search, cursor });
  const reset = useResetUserMfa();
  const [pending, setPending] = useState<MemberMfaStatus | null>(null);

  function confirmReset() {
    if (!pending || reset.isPending) return;
    const member = pending;
    reset.mutate(member.id, {
      onSuccess: () =>
        toast.success(`MFA reset for ${member.name}`, {
          description: 'They were signed out everywhere and must set up MFA again.',
        }),
      onError: (error) => toast.error(getErrorMessage(error, RESET_FAILED)),
      onSettled: () => setPending(null),
    });
  }

  const page = list.data;
  const firstRow = pageIndex * USERS_PAGE_LIMIT_DEFAULT;
  const rangeId = `${searchId}-range`;

  return (
    <div className="@container grid gap-4">
      <div className="relative w-full sm:max-w-72">
        <label htmlFor={searchId} className="sr-only">
          Search users by name or e-mail
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search by name or e-mail"
          className="pl-8"
          maxLength={USER_SEARCH_MAX_LENGTH}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
        />
      </div>

      {list.isPending ? (
        <Spinner label={TEXTS.loading} className="py-8" />
      ) : list.isError && !page ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{getErrorMessage(list.error, LOAD_FAILED)}</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void list.refetch()}>
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
        <Table aria-busy={list.isFetching} aria-describedby={rangeId}>
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead className="hidden @xl:table-cell">Role</TableHead>
              <TableHead className="hidden @sm:table-cell">MFA</TableHead>
              <TableHead className="hidden @2xl:table-cell">Verified</TableHead>
              <TableHead className="hidden @3xl:table-cell">Last failed attempt</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.items.map((member) => {
              const isSelf = member.id === currentUserId;
              return (
                <TableRow key={member.id}>
                  <TableCell className="whitespace-normal">
                    <div className="font-medium">
                      {member.name}
                      {isSelf ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                    </div>
                    <div className="break-all text-muted-foreground text-xs">{member.email}</div>
                    <div className="mt-1.5 @sm:hidden">
                      <MfaBadge state={member.mfa} />
                    </div>
                  </TableCell>
                  <TableCell className="hidden @xl:table-cell">{formatRole(member.role)}</TableCell>
                  <TableCell className="hidden @sm:table-cell">
                    <MfaBadge state={member.mfa} />
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground @2xl:table-cell">
                    {member.verified_at ? formatDateTime(member.verified_at) : '—'}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground @3xl:table-cell">
                    {member.last_failed_at ? formatDateTime(member.last_failed_at) : 'None'}
                  </TableCell>
                  <TableCell className="text-right">
                    {isSelf ? (
                      <Button asChild variant="link" size="sm" className="px-0">
                        <Link to={paths.settings}>Use Settings</Link>
                      </Button>
                    ) : member.mfa === 'none' ? null : (
                      <Button
                        variant="outline"
                        size="sm"
                        className="text-destructive"
                        disabled={reset.isPending}
                        onClick={() => setPending(member)}
                        aria-label={`Reset MFA for ${member.name}`}
                      >
                        <ShieldOff aria-hidden="true" />
                        Reset MFA
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}

      {page && page.items.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={rangeId} className="text-muted-foreground text-sm" aria-live="polite">
            {`${Math.min(firstRow + 1, page.total)}–${Math.min(firstRow + page.items.length, page.total)} of ${page.total}`}
            {list.isFetching ? (
              <LoaderCircle className="ml-2 inline size-3.5 motion-safe:animate-spin" aria-label="Loading" />
            ) : null}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={pageIndex === 0 || list.isFetching}
              onClick={() => setPaging((p) => ({ ...p, cursors: p.cursors.slice(0, -1) }))}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!page.next_cursor || list.isFetching || list.isPlaceholderData}
              onClick={() => {
                const next = page.next_cursor;
                if (next) setPaging((p) => ({ ...p, cursors: [...p.cursors, next] }));
              }}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : null}
      {list.isError && page ? (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(list.error, LOAD_FAILED)}
        </p>
      ) : null}

      <AlertDialog
        open={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !reset.isPending) setPending(null);
        }}
      >
        {pending ? (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Reset MFA for {pending.name}?</AlertDialogTitle>
              <AlertDialogDescription>
                {pending.name}'s authenticator app and recovery codes stop working, and they are signed out
                everywhere at once. They must sign in again and set up MFA again: at sign-in that is required
                of admins, and of everyone while MFA is enforced.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={reset.isPending}>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                disabled={reset.isPending}
                aria-busy={reset.isPending}
                onClick={(event) => {
                  // Stays open while the server decides; closes when it has answered.
                  event.preventDefault();
                  confirmReset();
                }}
              >
                {reset.isPending ? (
                  <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                ) : null}
                Reset MFA
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </div>
  );
}
