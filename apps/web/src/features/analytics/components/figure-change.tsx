import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { FigureChange as Change } from '../analytics-figures';

const ICONS = { up: ArrowUpRight, down: ArrowDownRight, flat: ArrowRight } as const;

/**
 * A figure's change against the previous period: an arrow and the signed difference, tinted by whether
 * the change is good or bad (the text stays in the foreground colour, readable in both themes; the words
 * are in the title and for screen readers).
 */
export function FigureChange({ change, className }: { change: Change; className?: string }) {
  const Icon = change.direction ? ICONS[change.direction] : null;
  return (
    <span
      title={change.description}
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-md border px-1.5 py-0.5 font-medium text-xs tabular-nums',
        change.tone === 'good' && 'border-status-pass/50 bg-status-pass/15',
        change.tone === 'bad' && 'border-status-fail/50 bg-status-fail/15',
        change.tone === 'neutral' && 'border-transparent bg-muted text-muted-foreground',
        className,
      )}
    >
      {Icon ? (
        <Icon
          aria-hidden="true"
          className={cn(
            'size-3.5',
            change.tone === 'good' && 'text-status-pass',
            change.tone === 'bad' && 'text-status-fail',
          )}
        />
      ) : null}
      <span aria-hidden="true">{change.text}</span>
      <span className="sr-only">{change.description}</span>
    </span>
  );
}
