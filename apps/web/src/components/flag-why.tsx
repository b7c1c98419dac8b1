import { type ComplianceFlag, FLAG_TEXTS, flagRationale } from '@parley/contracts';
import { Bot } from 'lucide-react';
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
