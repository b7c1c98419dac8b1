import type { AuditActionKind } from '@parley/contracts';
import type { VariantProps } from 'class-variance-authority';
import { Badge, type badgeVariants } from '@/components/ui/badge';

type BadgeVariant = VariantProps<typeof badgeVariants>['variant'];

/** docs/product.md §2's CREATE, APPROVE and FLAG stand out; the finer kinds stay quiet. */
const KIND_VARIANT: Record<AuditActionKind, BadgeVariant> = {
  CREATE: 'secondary',
  UPDATE: 'outline',
  DELETE: 'outline',
  APPROVE: 'success',
  FLAG: 'warning',
  SEND: 'outline',
  ACCESS: 'outline',
  SECURITY: 'outline',
  EXPORT: 'outline',
};

/** An entry's action: its kind as a badge and its readable label. */
export function ActionBadge({ kind, label }: { kind: AuditActionKind; label: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Badge variant={KIND_VARIANT[kind]} className="font-mono text-[0.65rem] tracking-wide">
        {kind}
      </Badge>
      <span className="truncate font-medium">{label}</span>
    </span>
  );
}
