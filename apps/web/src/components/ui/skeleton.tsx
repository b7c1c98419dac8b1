import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block where content is loading (shadcn's); it pulses only when motion is welcome. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      className={cn('rounded-md bg-muted motion-safe:animate-pulse dark:bg-muted/60', className)}
      {...props}
    />
  );
}
