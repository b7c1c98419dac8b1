import {
  BULK_DELETE_REASON,
  formatRole,
  INVITATION_TABS,
  INVITATION_TEXTS,
  type Invitation,
  type InvitationTab,
  TEXTS,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle, MailX, RotateCw, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CursorPager } from '@/components/cursor-pager';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useMintInvitationLink } from '../api/copy-invitation-link';
import { deleteInvitation } from '../api/delete-invitation';
import { invitationKeys } from '../api/invitation-keys';
import { useInvitations } from '../api/list-invitations';
import { resendInvitation, useResendInvitation } from '../api/resend-invitation';
import { formatDate, formatDateTime } from '../format';
import { DeleteInvitationDialog } from './delete-invitation-dialog';
import { InvitationRowActions } from './invitation-row-actions';
import { InvitationStatusBadge } from './invitation-status-badge';

const TAB_LABELS: Record<InvitationTab, string> = {
  all: 'All',
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  deleted: 'Deleted',
};

const EMPTY_TEXTS: Record<InvitationTab, { title: string; description: string }> = {
  all: { title: 'No invitations yet', description: 'Invite a colleague with the form above.' },
  pending: { title: 'No pending invitations', description: 'Invitations waiting for an answer appear here.' },
  accepted: {
    title: 'No accepted invitations',
    description: 'Invitations that became accounts appear here.',
  },
  expired: {
    title: 'No expired invitations',
    description: 'Invitations not accepted within 7 days appear here.',
  },
  deleted: { title: 'No deleted invitations', description: 'Invitations you delete stay listed here.' },
};

/** Ours: the spec has no text for a resend whose mail failed; the new link replaced the old one. */
const RESENT_BUT_EMAIL_FAILED = (remaining: number) =>
  `Invitation resent, but the email failed to send. ${remaining} resends remaining today.`;
const COPY_LINK_FAILED = 'Failed to copy the invitation link';

function isTab(value: string): value is InvitationTab {
  return INVITATION_TABS.some((tab) => tab === value);
}

/** SPEC §8: the resend failure shows ' (N remaining)' when the server says how many remain. */
function resendFailure(error: unknown) {
  const remaining = isApiError(error) && error.code === 'RESEND_LIMIT_REACHED' ? ' (0 remaining)' : '';
  const message = getErrorMessage(error, INVITATION_TEXTS.resendFailed);
  return {
    title: `${INVITATION_TEXTS.resendFailed}${remaining}`,
    description: message === INVITATION_TEXTS.resendFailed ? undefined : message,
  };
}

type RowBusy = { id: string; action: 'resend' | 'copy' } | null;

/**
 * SPEC §2 Invite user, the manage list: tabs with counts, 'Show deleted', select-all and row
 * checkboxes, bulk Resend Selected / Delete Selected / Clear, and per-row Resend, Copy Link, Delete.
 * Every tab, count and page comes from the server.
 */
export function InvitationsList() {
  const id = useId();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<InvitationTab>('all');
  const [showDeleted, setShowDeleted] = useState(false);
  // The cursors of the pages walked so far; a new tab or filter starts again at the first page.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rowBusy, setRowBusy] = useState<RowBusy>(null);
  const [bulkRunning, setBulkRunning] = useState<'resend' | 'delete' | null>(null);
  const [isConfirmingBulkDelete, setConfirmingBulkDelete] = useState(false);
  const [toDelete, setToDelete] = useState<Invitation | null>(null);

  const cursor = cursors.at(-1) ?? null;
  const invitations = useInvitations({ tab, showDeleted, cursor });
  const resend = useResendInvitation();
  const mintLink = useMintInvitationLink();
  const page = invitations.data;
  const rows = page?.items ?? [];
  const isBusy = bulkRunning !== null || rowBusy !== null;

  // SPEC §8: 'Failed to load invitations', once per failure.
  const failedAt = invitations.isError ? invitations.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) toast.error(INVITATION_TEXTS.loadFailed);
  }, [failedAt]);

  function changeView(next: { tab?: InvitationTab; showDeleted?: boolean }) {
    if (next.tab !== undefined) setTab(next.tab);
    if (next.showDeleted !== undefined) setShowDeleted(next.showDeleted);
    setCursors([null]);
    setSelected(new Set());
  }

  function toggleRow(rowId: string, isChecked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(rowId);
      else next.delete(rowId);
      return next;
    });
  }

  const selectedOnPage = rows.filter((row) => selected.has(row.id));
  const allState =
    rows.length > 0 && selectedOnPage.length === rows.length
      ? true
      : selectedOnPage.length > 0
        ? ('indeterminate' as const)
        : false;

  function onResend(invitation: Invitation) {
    setRowBusy({ id: invitation.id, action: 'resend' });
    resend.mutate(invitation.id, {
      onSuccess: (result) => {
        if (result.email_sent) toast.success(INVITATION_TEXTS.resent(result.resends_remaining));
        else toast.warning(RESENT_BUT_EMAIL_FAILED(result.resends_remaining));
      },
      onError: (error) => {
        const { title, description } = resendFailure(error);
        toast.error(title, { description });
      },
      onSettled: () => setRowBusy(null),
    });
  }

  function onCopyLink(invitation: Invitation) {
    setRowBusy({ id: invitation.id, action: 'copy' });
    mintLink.mutate(invitation.id, {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          toast.success(INVITATION_TEXTS.linkCopied);
        } catch {
          // No clipboard (an insecure origin, or permission refused): show the link to copy by hand.
          toast.info('Copy this invitation link', { description: url, duration: Number.POSITIVE_INFINITY });
        }
      },
      onError: (error) => {
        const message = getErrorMessage(error, COPY_LINK_FAILED);
        toast.error(COPY_LINK_FAILED, { description: message === COPY_LINK_FAILED ? undefined : message });
      },
      onSettled: () => setRowBusy(null),
    });
  }

  /** One request per selected row, one after another; the toast counts what worked and what failed. */
  async function runBulk(kind: 'resend' | 'delete') {
    const ids = [...selected];
    if (ids.length === 0 || bulkRunning) return;
    setBulkRunning(kind);
    let succeeded = 0;
    let failed = 0;
    for (const rowId of ids) {
      try {
        if (kind === 'resend') await resendInvitation(rowId);
        else await deleteInvitation({ id: rowId, reason: BULK_DELETE_REASON });
        succeeded += 1;
      } catch {
        failed += 1;
      }
    }
    const text = kind === 'resend' ? INVITATION_TEXTS.bulkResent : INVITATION_TEXTS.bulkDeleted;
    if (failed === 0) toast.success(text(succeeded, failed));
    else if (succeeded > 0) toast.warning(text(succeeded, failed));
    else toast.error(text(succeeded, failed));
    setSelected(new Set());
    setBulkRunning(null);
    setConfirmingBulkDelete(false);
    // SPEC §4: after any send the list is reloaded.
    await queryClient.invalidateQueries({ queryKey: invitationKeys.all });
  }

  const counts = page?.counts;
  const hasPages = cursors.length > 1 || Boolean(page?.next_cursor);
  const empty = EMPTY_TEXTS[tab];
  const showDeletedId = `${id}-show-deleted`;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="gap-1.5">
        <CardTitle id={`${id}-title`}>Manage invitations</CardTitle>
        <CardDescription>
          Resend, Copy Link and Delete work on pending invitations. Resend and Copy Link each make a new link:
          the one sent before stops working.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <Tabs
            className="min-w-0"
            value={tab}
            onValueChange={(value) => isTab(value) && changeView({ tab: value })}
          >
            <TabsList aria-label="Invitation status">
              {INVITATION_TABS.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {TAB_LABELS[value]}
                  <span className="rounded-sm bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                    {counts ? counts[value] : '–'}
                  </span>
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
          <div className="flex items-center gap-2">
            <Checkbox
              id={showDeletedId}
              checked={showDeleted}
              disabled={tab === 'deleted'}
              onCheckedChange={(checked) => changeView({ showDeleted: checked === true })}
            />
            <Label htmlFor={showDeletedId}>Show deleted</Label>
          </div>
        </div>

        {selected.size > 0 ? (
          <div
            role="toolbar"
            aria-label="Selected invitations"
            className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2"
          >
            <span className="mr-auto text-sm" aria-live="polite">
              {selected.size} selected
            </span>
            <Button size="sm" variant="outline" disabled={isBusy} onClick={() => void runBulk('resend')}>
              {bulkRunning === 'resend' ? (
                <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
              ) : (
                <RotateCw aria-hidden="true" />
              )}
              Resend Selected
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive"
              disabled={isBusy}
              onClick={() => setConfirmingBulkDelete(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete Selected
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={bulkRunning !== null}
              onClick={() => setSelected(new Set())}
            >
              <X aria-hidden="true" />
              Clear
            </Button>
          </div>
        ) : null}

        {invitations.isPending ? (
          <Spinner label={TEXTS.loading} className="py-8" />
        ) : invitations.isError && !page ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{INVITATION_TEXTS.loadFailed}</AlertTitle>
            <AlertDescription>
              <Button
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={() => void invitations.refetch()}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <MailX className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium text-sm">{empty.title}</p>
            <p className="text-muted-foreground text-sm">{empty.description}</p>
          </div>
        ) : (
          <Table aria-busy={invitations.isFetching} aria-label={`${TAB_LABELS[tab]} invitations`}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-8">
                  <Checkbox
                    aria-label="Select all invitations on this page"
                    checked={allState}
                    disabled={bulkRunning !== null}
                    onCheckedChange={(checked) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        for (const row of rows) {
                          if (checked === true) next.add(row.id);
                          else next.delete(row.id);
                        }
                        return next;
                      })
                    }
                  />
                </TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Sent / Expires</TableHead>
                <TableHead className="text-right">Resends</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((invitation) => (
                <TableRow
                  key={invitation.id}
                  data-state={selected.has(invitation.id) ? 'selected' : undefined}
                >
                  <TableCell>
                    <Checkbox
                      aria-label={`Select the invitation for ${invitation.email}`}
                      checked={selected.has(invitation.id)}
                      disabled={bulkRunning !== null}
                      onCheckedChange={(checked) => toggleRow(invitation.id, checked === true)}
                    />
                  </TableCell>
                  <TableCell className="min-w-44 max-w-64 whitespace-normal break-all font-medium">
                    {invitation.email}
                  </TableCell>
                  <TableCell>{formatRole(invitation.role)}</TableCell>
                  <TableCell>
                    <InvitationStatusBadge invitation={invitation} />
                  </TableCell>
                  <TableCell className="text-muted-foreground text-xs leading-5">
                    <time
                      dateTime={invitation.last_sent_at ?? invitation.created_at}
                      title={formatDateTime(invitation.last_sent_at ?? invitation.created_at)}
                      className="block text-foreground"
                    >
                      {formatDate(invitation.last_sent_at ?? invitation.created_at)}
                    </time>
                    <time
                      dateTime={invitation.expires_at}
                      title={formatDateTime(invitation.expires_at)}
                      className="block"
                    >
                      {invitation.status === 'expired' ? 'expired' : 'expires'}{' '}
                      {formatDate(invitation.expires_at)}
                    </time>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {invitation.resend_count_lifetime}
                  </TableCell>
                  <TableCell>
                    <InvitationRowActions
                      invitation={invitation}
                      busyAction={rowBusy?.id === invitation.id ? rowBusy.action : null}
                      isDisabled={isBusy}
                      onResend={() => onResend(invitation)}
                      onCopyLink={() => onCopyLink(invitation)}
                      onDelete={() => setToDelete(invitation)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}

        {hasPages ? (
          <CursorPager
            status={`Page ${cursors.length}`}
            isFetching={invitations.isFetching}
            canGoBack={cursors.length > 1}
            canGoForward={Boolean(page?.next_cursor) && !invitations.isPlaceholderData}
            onPrevious={() => {
              setCursors((current) => current.slice(0, -1));
              setSelected(new Set());
            }}
            onNext={() => {
              const next = page?.next_cursor;
              if (!next) return;
              setCursors((current) => [...current, next]);
              setSelected(new Set());
            }}
          />
        ) : null}
      </CardContent>

      <DeleteInvitationDialog invitation={toDelete} onClose={() => setToDelete(null)} />

      <ConfirmDialog
        open={isConfirmingBulkDelete}
        onOpenChange={setConfirmingBulkDelete}
        title={`Delete ${selected.size} selected invitations?`}
        description={`Their links stop working at once. Each is recorded with the reason “${BULK_DELETE_REASON}”; invitations that are no longer pending are left as they are and counted as failed.`}
        confirmLabel="Delete Selected"
        isDestructive
        isPending={bulkRunning !== null}
        onConfirm={() => void runBulk('delete')}
      />
    </Card>
  );
}
