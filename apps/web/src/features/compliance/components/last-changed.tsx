import type { RuleLastChanged } from '@parley/contracts';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/relative-time';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** 'Changed by Ana, 3 days ago', linked to the audit entry of that change; nothing if never changed. */
export function LastChanged({ change, className }: { change: RuleLastChanged; className?: string }) {
  if (!change) return null;
  return (
    <Link
      to={paths.auditEntry.build(change.audit_entry_id)}
      className={cn(
        'text-muted-foreground text-xs underline-offset-2 hover:text-foreground hover:underline',
        className,
      )}
    >
      Changed by {change.by_name ?? 'a former member'}, <RelativeTime at={change.at} />
    </Link>
  );
}

/** The newest of several changes (a card that shows more than one setting). */
export function newestChange(...changes: RuleLastChanged[]): RuleLastChanged {
  return changes.reduce<RuleLastChanged>((newest, change) => {
    if (!change) return newest;
    return !newest || change.at > newest.at ? change : newest;
  }, null);
}
