import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A search box with a magnifier and a label for screen readers. */
export function SearchField({
  id,
  label,
  className,
  ...props
}: Omit<ComponentProps<typeof Input>, 'type'> & { id: string; label: string }) {
  return (
    <div className={cn('relative w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      {/* data-shortcut: the '/' shortcut focuses the page's search (app/layout/use-global-shortcuts.ts). */}
      <Input id={id} type="search" className="pl-8" data-shortcut="search" {...props} />
    </div>
  );
}
