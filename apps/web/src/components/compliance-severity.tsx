import type { ComplianceSeverity } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const LABEL: Record<ComplianceSeverity, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** A flag's severity as a badge: high in the destructive colour, medium as a warning, low muted. */
export function SeverityBadge({ severity, className }: { severity: ComplianceSeverity; className?: string }) {
  return (
    <Badge
      variant={severity === 'high' ? 'destructive' : severity === 'medium' ? 'warning' : 'secondary'}
      className={className}
    >
      {LABEL[severity]}
      <span className="sr-only"> severity</span>
    </Badge>
  );
}

/** The highlight of a flagged span, readable in light and dark themes. */
export function markClassOf(severity: ComplianceSeverity): string {
  return cn(
    'rounded-sm px-0.5 text-foreground underline decoration-2 underline-offset-2',
    severity === 'high' && 'bg-status-fail/20 decoration-status-fail',
    severity === 'medium' && 'bg-status-warn/25 decoration-status-warn',
    severity === 'low' && 'bg-muted decoration-muted-foreground decoration-dotted',
  );
}
