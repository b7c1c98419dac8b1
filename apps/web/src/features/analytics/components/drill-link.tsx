import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { DrillTarget } from '../analytics-drill';

/** A figure's words as a link-styled button that opens its drill-down (the list of its messages). */
export function DrillLink({
  target,
  onDrill,
  className,
  children,
}: {
  target: DrillTarget;
  onDrill: (target: DrillTarget) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => onDrill(target)}
      className={cn('w-fit text-left text-sm underline underline-offset-4 hover:text-foreground', className)}
    >
      {children}
    </button>
  );
}
