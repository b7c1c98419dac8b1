import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * One figure of a page (docs/product.md §2 Layout, one KPI card everywhere): what it is, the value in
 * large figures, an optional note beside it (a change, a rate), a line saying what it counts — with its
 * denominator where it has one — and optional content below (a rate bar). With `onClick` the whole card
 * is a button (a drill-down). `isCompactOnPhone` keeps a row of them short on a phone: label and value
 * only, so the page's own content starts on the first screen.
 */
export function KpiCard({
  label,
  value,
  aside,
  hint,
  icon,
  isBusy = false,
  isCompactOnPhone = false,
  tone,
  onClick,
  valueTestId,
  cardTestId,
  children,
}: {
  label: string;
  value: ReactNode;
  aside?: ReactNode;
  hint?: ReactNode;
  /** Decorative: hidden from screen readers. */
  icon?: ReactNode;
  isBusy?: boolean;
  isCompactOnPhone?: boolean;
  /** A figure that is a verdict colours its border: pass or fail. */
  tone?: 'pass' | 'fail';
  onClick?: () => void;
  valueTestId?: string;
  cardTestId?: string;
  children?: ReactNode;
}) {
  const body = (
    <>
      <span
        className={cn(
          'flex items-start justify-between gap-2 text-muted-foreground text-sm',
          isCompactOnPhone && 'max-sm:text-xs',
        )}
      >
        <span>{label}</span>
        {icon ? (
          <span
            aria-hidden="true"
            className={cn(
              'shrink-0 text-muted-foreground [&>svg]:size-4',
              isCompactOnPhone && 'max-sm:hidden',
            )}
          >
            {icon}
          </span>
        ) : null}
      </span>
      <span className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-1', isBusy && 'opacity-60')}>
        <span
          className={cn('font-semibold text-2xl tabular-nums', isCompactOnPhone && 'max-sm:text-xl')}
          data-testid={valueTestId}
        >
          {value}
        </span>
        {aside}
      </span>
      {hint ? (
        <span className={cn('text-muted-foreground text-xs', isCompactOnPhone && 'max-sm:hidden')}>
          {hint}
        </span>
      ) : null}
      {children}
    </>
  );
  const card = cn(
    'flex w-full flex-col gap-2 rounded-xl border bg-card p-4 text-left text-card-foreground shadow-xs',
    isCompactOnPhone && 'max-sm:gap-1 max-sm:p-3',
    tone === 'fail' && 'border-status-fail/60',
    tone === 'pass' && 'border-status-pass/40',
  );
  if (onClick) {
    return (
      <button
        type="button"
        onClick={onClick}
        className={cn(card, 'group transition-colors hover:bg-accent/60')}
        data-testid={cardTestId}
      >
        {body}
      </button>
    );
  }
  return (
    <div className={card} aria-busy={isBusy} data-testid={cardTestId}>
      {body}
    </div>
  );
}
