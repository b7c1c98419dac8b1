import { LIBRARY_TEXTS, type LibraryStatus } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';

const STATUS_VARIANT = { live: 'success', expiring: 'warning', expired: 'destructive' } as const;

/** A library answer's status: live, expiring soon (14 days or less) or expired (drafts no longer use it). */
export function LibraryStatusBadge({ status }: { status: LibraryStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{LIBRARY_TEXTS.status[status]}</Badge>;
}
