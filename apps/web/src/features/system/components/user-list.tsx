import { type AdminUser, formatRole, ROLES, type Role, USER_SEARCH_MAX_LENGTH } from '@parley/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchField } from '@/components/search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { usePagedSearch } from '@/lib/use-paged-search';
import { useChangeUserRole } from '../api/change-user-role';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUsers } from '../api/list-users';
import { useReactivateUser } from '../api/reactivate-user';
import { UserSearchResults } from './user-search-results';

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
 * docs/product.md §2's user list, from the database: search (on the server, once typing pauses), pages, a
 * role
 * select per row and Deactivate / Reactivate, each confirmed first. The server decides; its refusals
 * (such as the last admin) are shown as they come.
 */
export function UserList({ currentUserId }: { currentUserId: string }) {
  const id = useId();
  const paging = usePagedSearch();
  const users = useUsers({ search: paging.search, cursor: paging.cursor });
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
        <SearchField
          id={searchId}
          label="Search users by name or e-mail"
          className="sm:w-72"
          placeholder="Search by name or e-mail"
          maxLength={USER_SEARCH_MAX_LENGTH}
          value={paging.searchInput}
          onChange={(event) => paging.setSearchInput(event.target.value)}
        />
      </CardHeader>
      <CardContent className="grid gap-4">
        <UserSearchResults
          query={users}
          paging={paging}
          rangeId={`${id}-range`}
          loadFailed={USERS_LOAD_FAILED}
          stacked
        >
          {(items) => (
            <>
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
                {items.map((user) => {
                  const isSelf = user.id === currentUserId;
                  return (
                    <TableRow key={user.id}>
                      <TableCell className="font-medium">
                        {user.name}
                        {isSelf ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                      </TableCell>
                      <TableCell className="text-muted-foreground">{user.email}</TableCell>
                      <TableCell label="Role">
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
                      <TableCell label="Status">
                        <Badge variant={user.status === 'active' ? 'success' : 'secondary'}>
                          {user.status === 'active' ? 'Active' : 'Deactivated'}
                        </Badge>
                      </TableCell>
                      <TableCell label="Last sign-in" className="text-muted-foreground">
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
            </>
          )}
        </UserSearchResults>
      </CardContent>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        title={texts?.title}
        description={texts?.description}
        confirmLabel={texts?.action}
        isDestructive={texts?.isDestructive}
        isPending={isChanging}
        onConfirm={confirm}
      />
    </Card>
  );
}
