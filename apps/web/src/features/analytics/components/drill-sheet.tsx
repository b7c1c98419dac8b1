import { type AnalyticsDrillItem, formatMessageStatus } from '@parley/contracts';
import { Link } from 'react-router';
import type { AnalyticsView } from '@/api/analytics/analytics-view';
import { useAnalyticsMessages } from '@/api/analytics/list-analytics-messages';
import { LoadMore } from '@/components/load-more';
import { SectionError } from '@/components/section-error';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { DrillTarget } from '../analytics-drill';

/**
 * The messages behind one figure, in a side sheet over the page: subject (opening its thread), investor,
 * fund, status, when the event behind the figure happened and why it is listed; 'Load more' pages on.
 * Escape or Close shuts it and focus goes back to the figure that opened it.
 */
export function DrillSheet({
  target,
  view,
  scope,
  onClose,
  returnFocus,
}: {
  target: DrillTarget | null;
  view: AnalyticsView;
  /** The period and fund, in words. */
  scope: string;
  onClose: () => void;
  /**
   * Radix gives focus back to a Dialog.Trigger only; the sheet opens from many buttons, so the page
   * says where focus goes back to.
   */
  returnFocus: () => void;
}) {
  const messages = useAnalyticsMessages(view, target?.drill ?? null);
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Sheet open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side="right"
        className="w-full overflow-y-auto sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <div className="flex flex-col gap-5 p-6">
          <div className="space-y-1.5 pr-6">
            <SheetTitle className="font-semibold text-lg">{target?.title}</SheetTitle>
            <SheetDescription className="text-muted-foreground text-sm">{scope}</SheetDescription>
          </div>
          {messages.isPending ? (
            <div className="space-y-3" aria-busy="true">
              <span className="sr-only">Loading messages…</span>
              {[1, 2, 3, 4, 5].map((i) => (
                <div key={i} className="h-16 rounded-md bg-muted motion-safe:animate-pulse" />
              ))}
            </div>
          ) : messages.isError && items.length === 0 ? (
            <SectionError
              title="Failed to load the messages"
              error={messages.error}
              onRetry={() => void messages.refetch()}
            />
          ) : items.length === 0 ? (
            <p className="text-muted-foreground text-sm">No messages in this period.</p>
          ) : (
            <ul className="-mx-2 divide-y" data-testid="analytics-drill-items">
              {items.map((item) => (
                // One message is listed once per event behind the figure (two drafts, two flags).
                <DrillItem key={`${item.id}:${item.at}:${item.detail}`} item={item} />
              ))}
            </ul>
          )}
          <LoadMore query={messages} failedText="Failed to load more messages" />
        </div>
      </SheetContent>
    </Sheet>
  );
}

function DrillItem({ item }: { item: AnalyticsDrillItem }) {
  return (
    <li>
      <Link
        to={paths.thread.build(item.id)}
        className="grid gap-1 rounded-md px-2 py-3 outline-none hover:bg-muted/50 focus-visible:bg-muted/50"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0 font-medium text-sm">{item.subject}</span>
          <Badge variant="outline">{formatMessageStatus(item.status)}</Badge>
        </span>
        <span className="text-muted-foreground text-xs">
          {item.investor_name}
          {item.fund_name ? ` · ${item.fund_name}` : ''} ·{' '}
          <time dateTime={item.at}>{formatDateTime(item.at)}</time>
        </span>
        {item.detail ? <span className="text-sm">{item.detail}</span> : null}
      </Link>
    </li>
  );
}
