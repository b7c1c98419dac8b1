import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The one rule for how wide a signed-in page is (docs/product.md §2 Layout): a single form reads best
 * narrow, a working page (the thread's two columns) uses the screen, everything else the standard width.
 */
const WIDTHS = {
  form: 'max-w-3xl',
  standard: 'max-w-6xl',
  wide: 'max-w-[96rem]',
} as const;

/** The content column of a signed-in page. */
export function Page({
  width = 'standard',
  className,
  children,
}: {
  width?: keyof typeof WIDTHS;
  className?: string;
  children: ReactNode;
}) {
  return <div className={cn('mx-auto flex w-full flex-col gap-6', WIDTHS[width], className)}>{children}</div>;
}
