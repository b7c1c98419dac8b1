import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The content column of a signed-in page. */
export function Page({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto flex w-full max-w-6xl flex-col gap-6', className)}>{children}</div>;
}
