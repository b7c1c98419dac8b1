import type { ComplianceSeverity } from '@parley/contracts';
import { cn } from '@/lib/utils';

/** The highlight of a flagged span, readable in light and dark themes. */
export function markClassOf(severity: ComplianceSeverity): string {
  return cn(
    'rounded-sm px-0.5 text-foreground underline decoration-2 underline-offset-2',
    severity === 'high' && 'bg-status-fail/20 decoration-status-fail',
    severity === 'medium' && 'bg-status-warn/25 decoration-status-warn',
    severity === 'low' && 'bg-muted decoration-muted-foreground decoration-dotted',
  );
}
