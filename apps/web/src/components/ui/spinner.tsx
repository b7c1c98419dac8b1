import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinner with a visible, announced label (role="status"). */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 text-muted-foreground', className)}>
      <LoaderCircle className="size-6 motion-safe:animate-spin" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
