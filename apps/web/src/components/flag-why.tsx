import { type ComplianceFlag, FLAG_TEXTS, flagRationale, flagRuleLabel } from '@parley/contracts';
import { Bot, Quote } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Marks a flag the second-opinion model raised, so nobody mistakes it for the checker's. */
export function SecondOpinionBadge({ source }: { source: ComplianceFlag['source'] }) {
  if (source !== 'model') return null;
  return (
    <Badge variant="outline" className="text-muted-foreground">
      <Bot aria-hidden />
      {FLAG_TEXTS.secondOpinion}
    </Badge>
  );
}

/**
 * The name of a claim-check flag's rule ('Unsupported figure', docs/decisions/026-claim-check.md),
 * so '‘3.1%’' reads as what it is; nothing for the checker's own flags, whose term says it.
 */
export function FlagRuleBadge({ rule }: { rule: string }) {
  const label = flagRuleLabel(rule);
  if (!label) return null;
  return (
    <Badge variant="outline" data-testid="flag-rule">
      <Quote aria-hidden />
      {label}
    </Badge>
  );
}

/** Why the flag was raised: its rationale (the explanation on checks stored before rationales). */
export function FlagRationale({
  flag,
  className,
}: {
  flag: Pick<ComplianceFlag, 'rationale' | 'explanation'>;
  className?: string;
}) {
  return (
    <p className={className ?? 'text-muted-foreground text-sm'} data-testid="flag-rationale">
      {flagRationale(flag)}
    </p>
  );
}
