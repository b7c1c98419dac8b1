import { EMAIL_EVENT_ACTION_TYPES, type EmailEvent } from '@parley/contracts';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { SearchField } from '@/components/search-field';
import { SectionError } from '@/components/section-error';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import type { EmailEventFilters, useEmailEvents } from '../api/email-events';

export const EVENT_LABELS: Record<string, string> = {
  email_sent: 'Sent',
  email_stored: 'Kept in outbox',
  email_failed: 'Failed',
  email_given_up: 'Given up',
  email_suppressed: 'Suppressed',
  email_delivered: 'Delivered',
  email_bounced: 'Bounced',
  email_complained: 'Complaint',
  email_opened: 'Opened',
  email_clicked: 'Clicked',
  email_deferred: 'Deferred',
};

const ALL = 'all';

/** The Recent Events tab: the last 7 days' events, newest first, by type and recipient. */
export function RecentEvents({
  filters,
  onFiltersChange,
  query,
}: {
  filters: EmailEventFilters;
  onFiltersChange: (next: EmailEventFilters) => void;
  query: ReturnType<typeof useEmailEvents>;
}) {
  const id = useId();
  const events: EmailEvent[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>Event type</Label>
          <Select
            value={filters.type || ALL}
            onValueChange={(value) => onFiltersChange({ ...filters, type: value === ALL ? '' : value })}
          >
            <SelectTrigger id={`${id}-type`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All events</SelectItem>
              {EMAIL_EVENT_ACTION_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {EVENT_LABELS[type] ?? type}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <SearchField
          id={`${id}-recipient`}
          label="Recipient"
          placeholder="Filter by recipient"
          value={filters.recipient}
          maxLength={320}
          onChange={(event) => onFiltersChange({ ...filters, recipient: event.target.value })}
        />
      </div>

      {query.isPending ? (
        <Spinner label="Loading events…" className="py-12" />
      ) : query.isError ? (
        <SectionError
          title="Failed to load email events"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : events.length === 0 ? (
        <EmptyState
          icon={Mail}
          title="No e-mail events"
          description={
            filters.type || filters.recipient.trim()
              ? 'No event of the last 7 days matches these filters.'
              : 'Nothing was sent in the last 7 days. Run Live Test sends a test mail to you.'
          }
        />
      ) : (
        <Table stacked aria-label="Recent e-mail events" data-testid="email-events">
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Event</TableHead>
              <TableHead>Recipient</TableHead>
              <TableHead>Template</TableHead>
              <TableHead>Success</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((event) => (
              <TableRow key={event.id}>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatDateTime(event.timestamp)}
                </TableCell>
                <TableCell label="Event">
                  <Badge variant={event.success ? 'outline' : 'warning'}>
                    {EVENT_LABELS[event.action_type] ?? event.action_type}
                  </Badge>
                </TableCell>
                <TableCell label="Recipient" className="break-all">
                  {event.recipient_email}
                </TableCell>
                <TableCell label="Template">{event.template}</TableCell>
                <TableCell label="Success">{event.success ? 'Yes' : 'No'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <LoadMore query={query} failedText="Failed to load more events" />
    </div>
  );
}
