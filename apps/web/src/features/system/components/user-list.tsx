import {
  type AdminUser,
  formatRole,
  ROLES,
  type Role,
  TEXTS,
  USER_SEARCH_MAX_LENGTH,
  USERS_PAGE_LIMIT_DEFAULT,
} from '@parley/contracts';
import { ChevronLeft, ChevronRight, CircleAlert, LoaderCircle, Search, Users } from 'lucide-react';
import { useId, useState } from 'react';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { useChangeUserRole } from '../api/change-user-role';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUsers } from '../api/list-users';
import { useReactivateUser } from '../api/reactivate-user';
import { formatDateTime } from '../format';
import { useDebouncedValue } from '../use-debounced-value';

/** The search is sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

const USERS_LOAD_FAILED = 'Failed to load users';
const ROLE_CHANGE_FAILED = 'Failed to change the role';
const DEACTIVATE_FAILED = 'Failed to deactivate the user';
const REACTIVATE_FAILED = 'Failed to reactivate the user';

type PendingChange =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'deactivate'; user: AdminUser }
  | { kind: 'reactivate'; user: AdminUser };

function isRole(value: string): value is Role {
  return ROLES.some((role) => role === value);
}

function confirmTexts(change: PendingChange) {
  const name = change.user.name;
  switch (change.kind) {
    case 'role':
      return {
        title: `Change ${name}'s role?`,
        description: `${name} changes from ${formatRole(change.user.role)} to ${formatRole(change.role)}. What they can see and do changes on their next request.`,
        action: 'Change role',
        isDestructive: false,
      };
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        description: `${name} is signed out everywhere at once: every session ends immediately, and they can no longer sign in. You can reactivate the account later.`,
        action: 'Deactivate',
        isDestructive: true,
      };
    case 'reactivate':
      return {
        title: `Reactivate ${name}?`,
        description: `${name} can sign in again. Sessions that ended at deactivation stay ended.`,
        action: 'Reactivate',
        isDestructive: false,
      };
  }
}

/**
 * SPEC §2's user list, from the database: search (on the server, once typing pauses), pages, a role
 * select per row and Deactivate / Reactivate, each confirmed first. The server decides; its refusals
 * (such as the last admin) are shown as they come.
 */
export function UserList({ currentUserId }: { currentUserId: string }) {
  const id = useId();
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

  const users = useUsers({ search, cursor });
  const changeRole = useChangeUserRole();
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const isChanging = changeRole.isPending || deactivate.isPending || reactivate.isPending;

  function confirm() {
    if (!pending || isChanging) return;
    const close = () => setPending(null);
    const { user } = pending;
    if (pending.kind === 'role') {
      const { role } = pending;
      changeRole.mutate(
        { userId: user.id, role },
        {
          onSuccess: (updated) => toast.success(`${updated.name} is now ${formatRole(updated.role)}`),
          onError: (error) => toast.error(getErrorMessage(error, ROLE_CHANGE_FAILED)),
          onSettled: close,
        },
      );
    } else if (pending.kind === 'deactivate') {
      deactivate.mutate(user.id, {
        onSuccess: (updated) => toast.success(`${updated.name} was deactivated and signed out`),
        onError: (error) => toast.error(getErrorMessage(error, DEACTIVATE_FAILED)),
        onSettled: close,
      });
    } else {
      reactivate.mutate(user.id, {
        onSuccess: (updated) => toast.success(`${updated.name} was reactivated`),
        onError: (error) => toast.error(getErrorMessage(error, REACTIVATE_FAILED)),
        onSettled: close,
      });
    }
  }

  const page = users.data;
  const firstRow = pageIndex * USERS_PAGE_LIMIT_DEFAULT;
  const texts = pending ? confirmTexts(pending) : null;
  const searchId = `${id}-search`;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={`${id}-title`}>Users</CardTitle>
          <CardDescription>
            Members of your organisation: change a role, or deactivate an account.
          </CardDescription>
        </div>
        <div className="relative w-full sm:w-72">
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
      </CardHeader>
      <CardContent className="grid gap-4">
        {users.isPending ? (
          <Spinner label={TEXTS.loading} className="py-8" />
        ) : users.isError && !page ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{getErrorMessage(users.error, USERS_LOAD_FAILED)}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="w-fit" onClick={() => void users.refetch()}>
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
          <Table aria-busy={users.isFetching} aria-describedby={`${id}-range`}>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>E-mail</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Last sign-in</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.items.map((user) => {
                const isSelf = user.id === currentUserId;
                return (
                  <TableRow key={user.id}>
                    <TableCell className="font-medium">
                      {user.name}
                      {isSelf ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                    </TableCell>
                    <TableCell className="text-muted-foreground">{user.email}</TableCell>
                    <TableCell>
                      <Select
                        value={user.role}
                        onValueChange={(value) => {
                          if (isRole(value) && value !== user.role)
                            setPending({ kind: 'role', user, role: value });
                        }}
                        disabled={isChanging}
                      >
                        <SelectTrigger size="sm" className="w-40" aria-label={`Role of ${user.name}`}>
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {ROLES.map((role) => (
                            <SelectItem key={role} value={role}>
                              {formatRole(role)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    </TableCell>
                    <TableCell>
                      <Badge variant={user.status === 'active' ? 'success' : 'secondary'}>
                        {user.status === 'active' ? 'Active' : 'Deactivated'}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-muted-foreground">
                      {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'}
                    </TableCell>
                    <TableCell className="text-right">
                      {isSelf ? null : user.status === 'active' ? (
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-destructive"
                          disabled={isChanging}
                          onClick={() => setPending({ kind: 'deactivate', user })}
                          aria-label={`Deactivate ${user.name}`}
                        >
                          Deactivate
                        </Button>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={isChanging}
                          onClick={() => setPending({ kind: 'reactivate', user })}
                          aria-label={`Reactivate ${user.name}`}
                        >
                          Reactivate
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
            <p id={`${id}-range`} className="text-muted-foreground text-sm" aria-live="polite">
              {page.total === 0
                ? ''
                : `${Math.min(firstRow + 1, page.total)}–${Math.min(firstRow + page.items.length, page.total)} of ${page.total}`}
              {users.isFetching ? (
                <LoaderCircle
                  className="ml-2 inline size-3.5 motion-safe:animate-spin"
                  aria-label="Loading"
                />
              ) : null}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={pageIndex === 0 || users.isFetching}
                onClick={() => setPaging((p) => ({ ...p, cursors: p.cursors.slice(0, -1) }))}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!page.next_cursor || users.isFetching || users.isPlaceholderData}
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
        {users.isError && page ? (
          <p role="alert" className="text-destructive text-sm">
            {getErrorMessage(users.error, USERS_LOAD_FAILED)}
          </p>
        ) : null}
      </CardContent>

      <AlertDialog
        open={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !isChanging) setPending(null);
        }}
      >
        {texts ? (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{texts.title}</AlertDialogTitle>
              <AlertDialogDescription>{texts.description}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={isChanging}>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant={texts.isDestructive ? 'destructive' : 'default'}
                disabled={isChanging}
                aria-busy={isChanging}
                onClick={(event) => {
                  // Stays open while the server decides; closes when it has answered.
                  event.preventDefault();
                  confirm();
                }}
              >
                {isChanging ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : null}
                {texts.action}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </Card>
  );
}
