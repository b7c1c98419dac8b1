import { hasCapability, INBOX_TABS, INBOX_TEXTS, type InboxTab, LOG_MESSAGE_TEXTS } from '@parley/contracts';
import { CircleAlert, LoaderCircle, Plus, RotateCw, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSearchCounts } from '@/api/messages/count-messages';
import { INBOX_FIRST_VIEW, useInboxMessages } from '@/api/messages/list-messages';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { BulkBar } from './components/bulk-bar';
import { InboxEmpty } from './components/inbox-empty';
import { MessageRow } from './components/message-row';
import { MessageRowSkeleton } from './components/message-row-skeleton';
import { useInboxTriage } from './use-inbox-triage';

const TAB_LABELS: Record<InboxTab, string> = {
  all: 'All',
  open: 'Open',
  awaiting_approval: 'Awaiting Approval',
  resolved: 'Resolved',
};

/** Placeholder rows while the first page loads: about a screenful. */
const SKELETON_ROWS = 10;

/** How long typing pauses before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

function isTab(value: string): value is InboxTab {
  return INBOX_TABS.some((tab) => tab === value);
}

/** A search counts at most INBOX_SEARCH_COUNT_CAP matches per tab: more reads '1,000+'. */
function formatCount(count: number, capped: boolean): string {
  return `${formatNumber(count, 'en')}${capped ? '+' : ''}`;
}

/** The list the status tabs filter. */
const MESSAGES_ID = 'inbox-messages';

/**
 * /inbox (docs/product.md §2 Inbox page): search, tabs with counts, dense message rows and 'Load more', with
 * keyboard triage (j/k, Enter, e, x) and bulk actions on the selection. Every tab, search and page is done by
 * the server; Open includes 'flagged' messages, with their badge (docs/decisions/020-flagged-messages-stay-open.md).
 */
export function InboxPage() {
  const id = useId();
  // The first view's page may already be on its way (app/router.tsx starts it with this page's code).
  const [tab, setTab] = useState<InboxTab>(INBOX_FIRST_VIEW.tab);
  const [search, setSearch] = useState(INBOX_FIRST_VIEW.q);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const messages = useInboxMessages({ tab, q });
  const pages = messages.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const searchCounts = useSearchCounts(q);
  // Without a search the page brings the counts; under one they come from their own request.
  const counts = q ? searchCounts.data?.counts : pages[0]?.counts;
  const capped = q ? (searchCounts.data?.counts_capped ?? []) : [];
  const isFirstLoad = messages.isPending;
  const isRefreshing = messages.isFetching && !messages.isFetchingNextPage && !isFirstLoad;
  const { role } = useSignedInSession();
  const canChange = hasCapability(role, 'messages.write');
  const triage = useInboxTriage(
    items.map((message) => message.id),
    canChange,
  );
  const selected = [...triage.state.selectedIds];
  // The empty state's button goes away once pressed: the search box is where the reader goes on.
  const focusSearch = () => document.getElementById(`${id}-search`)?.focus();

  return (
    <Page>
      <PageHeader
        title={INBOX_TEXTS.title}
        subtitle={INBOX_TEXTS.subtitle}
        actions={
          <Button asChild>
            <Link to={paths.compose}>
              <Plus aria-hidden />
              <span className="max-sm:sr-only">{LOG_MESSAGE_TEXTS.title}</span>
            </Link>
          </Button>
        }
      />

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="relative w-full md:max-w-sm">
          <Search
            aria-hidden
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          />
          <label htmlFor={`${id}-search`} className="sr-only">
            Search by investor name or subject
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            data-shortcut="search"
            className="pl-9"
            placeholder={INBOX_TEXTS.searchPlaceholder}
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
          <TabsList aria-label="Message status" className="max-w-full">
            {INBOX_TABS.map((value) => (
              <TabsTrigger key={value} value={value} controls={MESSAGES_ID}>
                {TAB_LABELS[value]}
                <span className="text-muted-foreground text-xs tabular-nums">
                  {counts ? formatCount(counts[value], capped.includes(value)) : '–'}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>

      {selected.length > 0 ? (
        <BulkBar
          count={selected.length}
          isRunning={triage.isRunning}
          onResolve={() => triage.run({ ids: selected, action: 'resolve' }, triage.clear)}
          onReopen={() => triage.run({ ids: selected, action: 'reopen' }, triage.clear)}
          onAssign={(ownerId) => triage.run({ ids: selected, action: 'assign', ownerId }, triage.clear)}
          onClear={triage.clear}
        />
      ) : null}

      <section id={MESSAGES_ID} aria-label="Messages" aria-busy={messages.isFetching} className="grid gap-3">
        {isRefreshing ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
            <LoaderCircle aria-hidden className="size-4 animate-spin" /> Updating…
          </p>
        ) : null}
        {isFirstLoad ? (
          <>
            <p role="status" className="sr-only">
              Loading messages
            </p>
            <ul aria-hidden="true" className="divide-y overflow-hidden rounded-lg border bg-card">
              {Array.from({ length: SKELETON_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={index}>
                  <MessageRowSkeleton />
                </li>
              ))}
            </ul>
          </>
        ) : messages.isError && items.length === 0 ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>{INBOX_TEXTS.loadFailed}</AlertTitle>
            <AlertDescription>
              <p>{getErrorMessage(messages.error, 'Please try again.')}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void messages.refetch()}>
                <RotateCw aria-hidden /> Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : items.length === 0 ? (
          <InboxEmpty
            q={q}
            tab={tab}
            totalMessages={q ? undefined : counts?.all}
            canLog={canChange}
            canCreateFunds={hasCapability(role, 'projects.manage')}
            onClearSearch={() => {
              setSearch('');
              focusSearch();
            }}
            onShowAll={() => {
              setTab('all');
              focusSearch();
            }}
          />
        ) : (
          <>
            <ul className="divide-y overflow-hidden rounded-lg border bg-card">
              {items.map((message) => (
                <li key={message.id}>
                  <MessageRow
                    message={message}
                    isFocused={triage.state.focusedId === message.id}
                    isSelected={triage.state.selectedIds.has(message.id)}
                    onToggleSelected={canChange ? () => triage.toggle(message.id) : null}
                    onFocus={() => triage.focus(message.id)}
                    linkRef={triage.linkRef(message.id)}
                  />
                </li>
              ))}
            </ul>
            <LoadMore query={messages} failedText={INBOX_TEXTS.loadFailed} />
          </>
        )}
      </section>
    </Page>
  );
}
