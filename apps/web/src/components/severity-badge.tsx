import type { ComplianceSeverity } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';

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
