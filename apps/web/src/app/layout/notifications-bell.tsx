import { NOTIFICATION_TEXTS, type Notification } from '@parley/contracts';
import { Bell, CheckCheck, ClipboardCheck, LoaderCircle } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMessageBadges } from '@/api/messages/message-badges';
import { useMarkNotificationsRead, useNotifications } from '@/api/notifications/list-notifications';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { libraryAnswerLink, paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

function NotificationRow({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const isUnread = item.read_at === null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={cn(
          'grid w-full gap-0.5 rounded-md px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
          isUnread && 'bg-accent/50',
        )}
      >
        <span className="flex items-start gap-2">
          <span
            aria-hidden
            className={cn('mt-1.5 size-2 shrink-0 rounded-full', isUnread ? 'bg-primary' : 'bg-transparent')}
          />
          <span className={cn('min-w-0 break-words', isUnread && 'font-medium')}>
            {isUnread ? <span className="sr-only">Unread: </span> : null}
            {item.title}
          </span>
        </span>
        {item.body ? (
          <span className="line-clamp-2 break-words pl-4 text-muted-foreground">{item.body}</span>
        ) : null}
        <time dateTime={item.created_at} className="pl-4 text-muted-foreground text-xs">
          {formatDateTime(item.created_at)}
        </time>
      </button>
    </li>
  );
}

/**
 * The top bar's bell (docs/product.md §2 Layout): the unread count, the list (newest first), mark read, links
 * to the
 * threads. A realtime 'notification.created' for this user refreshes it (lib/realtime.ts).
 */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = notifications.data?.pages[0]?.unread_count ?? 0;
  // For reviewers: the approvals waiting are work for them even when no notification is unread.
  const waiting = useMessageBadges().data?.approvals_waiting ?? 0;
  const waitingText = waiting === 1 ? '1 approval waiting' : `${waiting} approvals waiting`;
  const shown = unread + waiting;

  function onOpen(item: Notification) {
    if (item.read_at === null) markRead.mutate(item.id);
    setOpen(false);
    if (item.message_id) navigate(paths.thread.build(item.message_id));
    else if (item.library_answer_id) navigate(libraryAnswerLink.build(item.library_answer_id));
    else if (item.kind === 'recovery_codes_cleared') navigate(paths.settings);
    else if (item.kind === 'email_health_alert') navigate(paths.adminEmailHealth);
  }

  const counted = [unread > 0 ? `${unread} unread` : '', waiting > 0 ? waitingText : ''].filter(Boolean);
  const label =
    counted.length > 0 ? `${NOTIFICATION_TEXTS.title} (${counted.join(', ')})` : NOTIFICATION_TEXTS.title;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* The badge sits beside the button, not in it: the button's name is its label alone. */}
      <span className="relative inline-flex">
        <Popover.Trigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={label}
            data-testid="notifications-bell"
          >
            <Bell aria-hidden />
          </Button>
        </Popover.Trigger>
        {shown > 0 ? (
          <span
            aria-hidden
            className="-top-0.5 -right-0.5 pointer-events-none absolute flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-destructive-foreground tabular-nums"
          >
            {shown > 99 ? '99+' : shown}
          </span>
        ) : null}
      </span>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 grid max-h-[min(32rem,calc(100svh-5rem))] w-[min(24rem,calc(100vw-1rem))] grid-rows-[auto_1fr] overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 className="font-semibold text-sm">{NOTIFICATION_TEXTS.title}</h2>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate('all')}
            >
              <CheckCheck aria-hidden />
              {NOTIFICATION_TEXTS.markAllRead}
            </Button>
          </div>
          <div className="overflow-y-auto p-1">
            {waiting > 0 ? (
              <Link
                to={paths.approvals}
                onClick={() => setOpen(false)}
                className="mb-1 flex items-center gap-2 rounded-md bg-status-warn/15 px-3 py-2 font-medium text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                <ClipboardCheck aria-hidden className="size-4 shrink-0" />
                {waitingText}
              </Link>
            ) : null}
            {notifications.isPending ? (
              <p className="flex items-center gap-2 px-3 py-6 text-muted-foreground text-sm" role="status">
                <LoaderCircle aria-hidden className="size-4 animate-spin" /> Loading…
              </p>
            ) : notifications.isError ? (
              <div className="grid gap-2 px-3 py-4 text-sm" role="alert">
                <p className="text-destructive">
                  {getErrorMessage(notifications.error, NOTIFICATION_TEXTS.loadFailed)}
                </p>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => void notifications.refetch()}
                >
                  Try again
                </Button>
              </div>
            ) : items.length === 0 ? (
              waiting > 0 ? null : (
                <p className="px-3 py-6 text-center text-muted-foreground text-sm">
                  {NOTIFICATION_TEXTS.empty}
                </p>
              )
            ) : (
              <>
                <ul className="grid gap-0.5">
                  {items.map((item) => (
                    <NotificationRow key={item.id} item={item} onOpen={onOpen} />
                  ))}
                </ul>
                {notifications.hasNextPage ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="mt-1 w-full"
                    disabled={notifications.isFetchingNextPage}
                    onClick={() => void notifications.fetchNextPage()}
                  >
                    {notifications.isFetchingNextPage ? 'Loading…' : 'Load more'}
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
