import { UNREAD_BADGE_CAP } from '@parley/contracts';
import { cn } from '@/lib/utils';

/**
 * A count beside a menu item (docs/product.md §2 Layout): the number shown, and what it counts said to
 * assistive technology; nothing at zero. Above the cap it reads '99+'.
 */
export function MenuCount({
  count,
  isCapped = false,
  what,
  className,
}: {
  count: number | null | undefined;
  isCapped?: boolean;
  what: string;
  className?: string;
}) {
  if (!count) return null;
  const shown = isCapped || count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
  return (
    <span
      className={cn(
        'ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 font-semibold text-[11px] text-primary-foreground tabular-nums',
        className,
      )}
    >
      <span aria-hidden>{shown}</span>
      <span className="sr-only"> ({`${shown} ${what}`})</span>
    </span>
  );
}
