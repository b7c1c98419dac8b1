import { formatMessageStatus } from '@parley/contracts';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { useProjectMessages } from '@/api/messages/list-messages';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** The fund's newest investor messages, each opening its thread. */
export function ProjectMessages({ projectId }: { projectId: string }) {
  const messages = useProjectMessages(projectId);
  if (messages.isPending) return <Spinner label="Loading messages" />;
  if (messages.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {getErrorMessage(messages.error, 'Failed to load messages')}
      </p>
    );
  }
  const { items, counts } = messages.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Mail}
        title="No messages for this fund yet"
        description="Investor messages about this fund appear here once they are logged."
      />
    );
  }
  return (
    <div className="space-y-2">
      <ul className="divide-y rounded-xl border">
        {items.map((message) => (
          <li key={message.id}>
            <Link
              to={paths.thread.build(message.id)}
              className="flex flex-col gap-1 px-4 py-3 outline-none hover:bg-muted/50 focus-visible:bg-muted/50 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-sm">{message.subject}</p>
                <p className="truncate text-muted-foreground text-xs">
                  {message.investor_name} · {formatDate(message.created_at)}
                </p>
              </div>
              <Badge variant="outline">{formatMessageStatus(message.status)}</Badge>
            </Link>
          </li>
        ))}
      </ul>
      {counts && counts.all > items.length ? (
        <p className="text-muted-foreground text-xs">
          Showing the newest {items.length} of {counts.all} messages.
        </p>
      ) : null}
    </div>
  );
}
