import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/** Shown for a member whose name is gone (an erased or removed account). */
export const UNKNOWN_MEMBER = 'Unknown member';

/** One approval given over high-severity flags, as Analytics and the Compliance center list it. */
export type OverrideListItem = {
  message_id: string;
  subject: string;
  /** Where the list knows it (the Compliance center's full list). */
  investor_name?: string;
  approved_by_name: string | null;
  approved_at: string;
  reason: string;
  /** The flagged terms the approver went over. */
  terms: string[];
};

/**
 * Replies approved over unresolved high-severity flags (docs/product.md §2 Approvals): each opens its
 * thread, with who approved it, when, why, and the terms it went over.
 */
export function OverridesList({ items }: { items: readonly OverrideListItem[] }) {
  return (
    <ul className="divide-y">
      {items.map((item) => (
        <li
          key={`${item.message_id}:${item.approved_at}`}
          data-testid="override"
          className="grid min-w-0 gap-1.5 py-3 text-sm first:pt-0"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <Link
              to={paths.thread.build(item.message_id)}
              className="break-words font-medium underline-offset-4 hover:underline"
            >
              {item.subject}
            </Link>
            <span className="text-muted-foreground text-xs">
              {item.investor_name ? `${item.investor_name} · ` : null}
              {item.approved_by_name ?? UNKNOWN_MEMBER} ·{' '}
              <time dateTime={item.approved_at} title={formatDateTime(item.approved_at)}>
                {formatDate(item.approved_at)}
              </time>
            </span>
          </div>
          <p className="break-words text-muted-foreground">
            <span className="sr-only">Reason: </span>“{item.reason}”
          </p>
          {item.terms.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Terms approved over">
              {item.terms.map((term) => (
                <li key={term}>
                  <Badge variant="outline">{term}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
