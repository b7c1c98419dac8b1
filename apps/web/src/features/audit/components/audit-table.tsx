import type { AuditEntrySummary } from '@parley/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatAuditTime, formatAuditUtc, shortHash } from '../audit-format';
import { ActionBadge } from './action-badge';
import { CopyButton } from './copy-button';

/** The Audit Logs table (docs/product.md §2): action, user, project, timestamp and hash per entry. */
export function AuditTable({
  entries,
  onOpen,
}: {
  entries: readonly AuditEntrySummary[];
  onOpen: (id: string) => void;
}) {
  return (
    <Table stacked aria-label="Audit log entries">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Action</TableHead>
          <TableHead>User</TableHead>
          <TableHead>Project</TableHead>
          <TableHead>Timestamp</TableHead>
          <TableHead>Hash</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const time = formatAuditTime(entry.created_at);
          return (
            <TableRow
              key={entry.id}
              tabIndex={0}
              aria-label={`${entry.action_label} by ${entry.actor.name}, ${time}`}
              className="cursor-pointer focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring focus-visible:-outline-offset-2"
              onClick={() => onOpen(entry.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(entry.id);
                }
              }}
            >
              <TableCell className="max-w-[15rem]">
                <ActionBadge kind={entry.action_kind} label={entry.action_label} />
                {entry.summary ? (
                  <p className="mt-1 truncate text-muted-foreground text-xs" title={entry.summary}>
                    {entry.summary}
                  </p>
                ) : null}
              </TableCell>
              <TableCell className="max-w-[14rem]">
                <span className="block truncate">{entry.actor.name}</span>
                {entry.actor.email && entry.actor.email !== entry.actor.name ? (
                  <span className="block truncate text-muted-foreground text-xs">{entry.actor.email}</span>
                ) : null}
              </TableCell>
              <TableCell
                label="Project"
                className={cn(
                  'max-w-[9rem] truncate text-muted-foreground',
                  !entry.project && 'max-md:hidden',
                )}
                title={entry.project?.name}
              >
                {entry.project?.name ?? '—'}
              </TableCell>
              <TableCell label="Timestamp" className="whitespace-nowrap tabular-nums">
                <time
                  dateTime={new Date(entry.created_at).toISOString()}
                  title={formatAuditUtc(entry.created_at)}
                >
                  {time}
                </time>
              </TableCell>
              <TableCell label="Hash">
                <CopyButton
                  value={entry.hash}
                  label={`Copy hash of entry ${entry.seq}`}
                  copiedText="Hash copied"
                >
                  {shortHash(entry.hash)}
                </CopyButton>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Placeholder rows while the first page loads. */
export function AuditTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="space-y-2" role="status" aria-busy="true">
      <span className="sr-only">Loading audit entries</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-12 rounded-md bg-muted motion-safe:animate-pulse" />
      ))}
    </div>
  );
}
