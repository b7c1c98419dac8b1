import type { ReactNode } from 'react';

/**
 * The page's own heading (h1, focused on arrival: app-layout.tsx) with an optional subtitle and actions.
 * On a phone the subtitle gives way, and the actions sit beside the heading where they fit, so the
 * page's content starts on the first screen (docs/product.md §2 Layout).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3 sm:flex-nowrap">
      <div className="min-w-0 space-y-1">
        <h1 tabIndex={-1} className="font-semibold text-2xl tracking-tight">
          {title}
        </h1>
        {subtitle ? <p className="text-muted-foreground text-sm max-sm:hidden">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2 sm:shrink-0">{actions}</div> : null}
    </div>
  );
}
