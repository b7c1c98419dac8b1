import { formatMessageStatus, type MessageStatus } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_VARIANTS: Record<MessageStatus, 'secondary' | 'warning' | 'success' | 'destructive'> = {
  open: 'secondary',
  awaiting_approval: 'warning',
  resolved: 'success',
  flagged: 'destructive',
};

/** A message's status in words, coloured as the inbox shows it (the inbox rows, a thread's investor panel). */
export function MessageStatusBadge({ status, className }: { status: MessageStatus; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} className={cn(className)}>
      {formatMessageStatus(status)}
    </Badge>
  );
}
