import type { ReactNode } from 'react';

/** One figure of a card: its name, value and what sits under it. */
export function Metric({
  label,
  value,
  children,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="grid gap-1.5">
        <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1 font-semibold text-xl tabular-nums">
          {value}
        </span>
        {children}
      </dd>
    </div>
  );
}
