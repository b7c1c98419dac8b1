import { INBOX_TEXTS, type InboxTab } from '@parley/contracts';
import { FolderPlus, Inbox, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFundOptions } from '@/api/projects/list-projects';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/lib/paths';

function EmptyCard({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span aria-hidden className="text-muted-foreground [&>svg]:size-10">
          {icon}
        </span>
        <p className="font-medium">{title}</p>
        {body ? <p className="max-w-md text-muted-foreground text-sm">{body}</p> : null}
        {action}
      </CardContent>
    </Card>
  );
}

/** An inbox with no message at all: the first step is a fund when there is none (messages belong to one). */
function FirstMessage({ canLog, canCreateFunds }: { canLog: boolean; canCreateFunds: boolean }) {
  const funds = useFundOptions();
  if (funds.isSuccess && funds.data.length === 0) {
    return (
      <EmptyCard
        icon={<FolderPlus />}
        title={INBOX_TEXTS.noFunds}
        body={canCreateFunds ? INBOX_TEXTS.noFundsBody : INBOX_TEXTS.noFundsBodyAsk}
        action={
          canCreateFunds ? (
            <Button asChild>
              <Link to={paths.projects}>{INBOX_TEXTS.goToProjects}</Link>
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <EmptyCard
      icon={<Inbox />}
      title={INBOX_TEXTS.empty}
      action={
        canLog ? (
          <Button asChild>
            <Link to={paths.compose}>{INBOX_TEXTS.createFirst}</Link>
          </Button>
        ) : null
      }
    />
  );
}

/**
 * What the inbox says when its list is empty (docs/product.md §2 Inbox): no match for the search, nothing
 * in this tab, or no message at all — then the first step, a fund or the first message.
 */
export function InboxEmpty({
  q,
  tab,
  totalMessages,
  canLog,
  canCreateFunds,
  onClearSearch,
  onShowAll,
}: {
  q: string;
  tab: InboxTab;
  /** Messages in All without a search, when known. */
  totalMessages: number | undefined;
  canLog: boolean;
  canCreateFunds: boolean;
  onClearSearch: () => void;
  onShowAll: () => void;
}) {
  if (q) {
    return (
      <EmptyCard
        icon={<SearchX />}
        title={INBOX_TEXTS.emptySearch(q)}
        action={
          <Button variant="outline" onClick={onClearSearch}>
            {INBOX_TEXTS.clearSearch}
          </Button>
        }
      />
    );
  }
  if (tab !== 'all' && totalMessages !== 0) {
    return (
      <EmptyCard
        icon={<Inbox />}
        title={INBOX_TEXTS.emptyTab}
        action={
          <Button variant="outline" onClick={onShowAll}>
            {INBOX_TEXTS.showAll}
          </Button>
        }
      />
    );
  }
  return <FirstMessage canLog={canLog} canCreateFunds={canCreateFunds} />;
}
