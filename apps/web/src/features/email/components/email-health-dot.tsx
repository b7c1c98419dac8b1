import { cn } from '@/lib/utils';
import { useEmailHealthForSidebar } from '../api/get-email-health';
import {
  EMAIL_HEALTH_DOT_LABELS,
  type EmailHealthDotStatus,
  toEmailHealthDotStatus,
} from '../email-health-status';

const DOT_CLASSES: Record<EmailHealthDotStatus, string> = {
  loading: 'bg-muted-foreground/50 motion-safe:animate-pulse',
  PASS: 'bg-status-pass',
  WARN: 'bg-status-warn',
  FAIL: 'bg-status-fail',
};

/**
 * The status dot beside Email Health in the sidebar (docs/product.md §2, §4); it fetches only when enabled
 * (admins).
 */
export function EmailHealthDot({ isEnabled, className }: { isEnabled: boolean; className?: string }) {
  const query = useEmailHealthForSidebar(isEnabled);
  const status = toEmailHealthDotStatus(query);
  return (
    <>
      <span
        data-status={status}
        aria-hidden="true"
        className={cn('size-2 shrink-0 rounded-full ring-2 ring-sidebar', DOT_CLASSES[status], className)}
      />
      <span className="sr-only">{`, status: ${EMAIL_HEALTH_DOT_LABELS[status]}`}</span>
    </>
  );
}
