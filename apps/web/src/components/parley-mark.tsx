import { MessagesSquare } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Parley's logo mark: a square with the conversation icon (decorative; the name is beside it). */
export function ParleyMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground',
        className,
      )}
    >
      <MessagesSquare className="size-4" />
    </span>
  );
}
