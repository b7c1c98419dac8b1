import { cn } from '@/lib/utils';
import { formatShare } from '../analytics-figures';

/**
 * A share against its target: the bar to the share, a mark at the target, green once the target is met.
 * Both are fractions 0–1; a share of nothing (null) draws an empty bar.
 */
export function TargetProgress({
  label,
  value,
  target,
}: {
  label: string;
  value: number | null;
  target: number;
}) {
  const percent = value === null ? 0 : Math.min(100, Math.max(0, value * 100));
  const isMet = value !== null && value >= target;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={`${formatShare(value)}, target ${formatShare(target)}`}
      className="relative h-2 rounded-full bg-muted"
    >
      <div
        className={cn('h-full rounded-full', isMet ? 'bg-status-pass' : 'bg-status-warn')}
        style={{ width: `${percent}%` }}
      />
      <div
        aria-hidden="true"
        title={`Target ${formatShare(target)}`}
        className="-top-1 absolute h-4 w-0.5 rounded-full bg-foreground"
        style={{ left: `calc(${target * 100}% - 1px)` }}
      />
    </div>
  );
}
