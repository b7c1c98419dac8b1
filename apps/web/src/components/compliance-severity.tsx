import type { ComplianceSeverity } from '@parley/contracts';
import { cn } from '@/lib/utils';

/**
 * The tint and underline of a flagged span, without padding: the editor's highlight layer must keep
 * the text's exact metrics (docs/decisions/051-a-thread-built-for-work.md). The text on each tint
 * and each underline on its tint meet contrast in light and dark themes.
 */
export function markTintOf(severity: ComplianceSeverity): string {
  return cn(
    'rounded-sm underline decoration-2 underline-offset-2',
    severity === 'high' && 'bg-status-fail/20 decoration-status-fail',
    severity === 'medium' && 'bg-status-warn/30 decoration-status-warn-line decoration-wavy',
    severity === 'low' && 'bg-muted decoration-muted-foreground decoration-dotted',
  );
}

/** The highlight of a flagged span in read-only text, readable in light and dark themes. */
export function markClassOf(severity: ComplianceSeverity): string {
  return cn(markTintOf(severity), 'px-0.5 text-foreground');
}
