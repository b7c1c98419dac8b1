import {
  formatRole,
  type MemberMfaState,
  type MemberMfaStatus,
  MFA_RESET_REASON_MAX,
  resetMemberMfaInputSchema,
  SIGN_IN_METHOD_LABELS,
  USER_SEARCH_MAX_LENGTH,
} from '@parley/contracts';
import { ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchField } from '@/components/search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { usePagedSearch } from '@/lib/use-paged-search';
import { useMfaStatus } from '../api/list-mfa-status';
import { useResetUserMfa } from '../api/reset-user-mfa';
import { UserSearchResults } from './user-search-results';

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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The member's factors in a line: passkeys, recovery codes left, a linked SSO identity. */
function factorsOf(member: MemberMfaStatus): string {
  const parts = [
    ...(member.passkeys > 0 ? [plural(member.passkeys, 'passkey', 'passkeys')] : []),
    ...(member.recovery_codes_left > 0
      ? [plural(member.recovery_codes_left, 'recovery code', 'recovery codes')]
      : []),
    ...(member.sso_linked ? ['SSO identity'] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : 'None';
}

/** When the member last signed in, and how, on a line of its own. */
function LastSignIn({ member }: { member: MemberMfaStatus }) {
  const last = member.last_sign_in;
  if (!last) return <>Not in the last days</>;
  return (
    <>
      <div>{formatDateTime(last.at)}</div>
      {last.method ? <div className="text-xs">{SIGN_IN_METHOD_LABELS[last.method]}</div> : null}
    </>
  );
}

/**
 * 'View User MFA Status' (docs/product.md §2 Security settings; enabled in Parley): every member with their
 * MFA
 * state, searched and paged on the server, and 'Reset MFA' per member after a confirmation. One's
 * own authenticator is changed in Settings, so one's own row links there instead.
 */
export function UserMfaStatusList({ currentUserId, searchId }: { currentUserId: string; searchId: string }) {
  const paging = usePagedSearch();
  const list = useMfaStatus({ search: paging.search, cursor: paging.cursor });
  const reset = useResetUserMfa();
  const [pending, setPending] = useState<MemberMfaStatus | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();

  function openReset(member: MemberMfaStatus) {
    setReason('');
    setReasonError(null);
    setPending(member);
  }

  function confirmReset() {
    if (!pending || reset.isPending) return;
    const parsed = resetMemberMfaInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Say why the factors are reset');
      return;
    }
    const member = pending;
    reset.mutate(
      { userId: member.id, reason: parsed.data.reason },
      {
        onSuccess: () =>
          toast.success(`MFA reset for ${member.name}`, {
            description: 'They were signed out everywhere and must set up MFA again.',
          }),
        onError: (error) => toast.error(getErrorMessage(error, RESET_FAILED)),
        onSettled: () => setPending(null),
      },
    );
  }

  const rangeId = `${searchId}-range`;

  return (
    <div className="@container grid gap-4">
      <SearchField
        id={searchId}
        label="Search users by name or e-mail"
        className="sm:max-w-72"
        placeholder="Search by name or e-mail"
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={paging.searchInput}
        onChange={(event) => paging.setSearchInput(event.target.value)}
      />

      <UserSearchResults query={list} paging={paging} rangeId={rangeId} loadFailed={LOAD_FAILED}>
        {(items) => (
          <>
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead className="hidden @xl:table-cell">Role</TableHead>
                <TableHead className="hidden @sm:table-cell">MFA</TableHead>
                <TableHead className="hidden @2xl:table-cell">Verified</TableHead>
                <TableHead className="hidden @3xl:table-cell">Other factors</TableHead>
                <TableHead className="hidden @4xl:table-cell">Last sign-in</TableHead>
                <TableHead className="hidden @5xl:table-cell">Last failed attempt</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((member) => {
                const isSelf = member.id === currentUserId;
                return (
                  <TableRow key={member.id}>
                    <TableCell className="min-w-48 whitespace-normal">
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
                    <TableCell className="hidden whitespace-normal text-muted-foreground @3xl:table-cell">
                      {factorsOf(member)}
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground @4xl:table-cell">
                      <LastSignIn member={member} />
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground @5xl:table-cell">
                      {member.last_failed_at ? formatDateTime(member.last_failed_at) : 'None'}
                    </TableCell>
                    <TableCell className="text-right">
                      {isSelf ? (
                        <Button asChild variant="link" size="sm" className="px-0">
                          <Link to={paths.settings}>Use Settings</Link>
                        </Button>
                      ) : member.mfa === 'none' &&
                        member.passkeys === 0 &&
                        member.recovery_codes_left === 0 ? null : (
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-destructive"
                          disabled={reset.isPending}
                          onClick={() => openReset(member)}
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
          </>
        )}
      </UserSearchResults>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        title={pending ? `Reset MFA for ${pending.name}?` : null}
        description={
          pending
            ? `${pending.name}'s authenticator app, passkeys and recovery codes stop working, and they are signed out everywhere at once. They are told by e-mail, with your reason, and set up MFA again at their next sign-in where it is required (admins always, everyone while MFA is enforced).`
            : null
        }
        confirmLabel="Reset MFA"
        isDestructive
        isPending={reset.isPending}
        onConfirm={confirmReset}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>Reason</Label>
          <Textarea
            id={reasonId}
            value={reason}
            maxLength={MFA_RESET_REASON_MAX}
            placeholder="e.g. Lost phone, confirmed by a video call"
            aria-invalid={reasonError !== null}
            aria-describedby={reasonError ? `${reasonId}-error` : `${reasonId}-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="text-destructive text-sm">
              {reasonError}
            </p>
          ) : (
            <p id={`${reasonId}-hint`} className="text-muted-foreground text-xs">
              Kept in the audit log and sent to the member.
            </p>
          )}
        </div>
      </ConfirmDialog>
    </div>
  );
}
