import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Below md a stacked table shows each row as a card: the header row is left to screen readers, a cell
 * with a label names itself before its value, a cell without one takes the card's width
 * (docs/product.md §2 Layout, phones).
 */
const STACKED_BELOW_MD = [
  'max-md:block max-md:[&_tbody]:block max-md:[&_thead]:sr-only',
  'max-md:[&_tr]:flex max-md:[&_tr]:flex-col max-md:[&_tr]:gap-2 max-md:[&_tr]:px-2 max-md:[&_tr]:py-3',
  'max-md:[&_td]:block max-md:[&_td]:max-w-none max-md:[&_td]:whitespace-normal max-md:[&_td]:p-0 max-md:[&_td]:text-left max-md:[&_td]:[overflow-wrap:anywhere]',
  'max-md:[&_td[data-label]]:flex max-md:[&_td[data-label]]:items-center max-md:[&_td[data-label]]:justify-between max-md:[&_td[data-label]]:gap-3',
  'max-md:[&_td[data-label]]:before:shrink-0 max-md:[&_td[data-label]]:before:text-muted-foreground max-md:[&_td[data-label]]:before:text-xs max-md:[&_td[data-label]]:before:content-[attr(data-label)]',
].join(' ');

/**
 * A data table. It scrolls sideways on narrow screens instead of squeezing its columns, or with
 * `stacked` turns each row into a card below md (give its cells a `label`).
 */
export function Table({
  className,
  stacked = false,
  ...props
}: ComponentProps<'table'> & { stacked?: boolean }) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table
        data-slot="table"
        className={cn('w-full caption-bottom text-sm', stacked && STACKED_BELOW_MD, className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-foreground [&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  );
}

/** `label`: the column's name, shown before the value when a stacked table is a card. */
export function TableCell({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      data-slot="table-cell"
      data-label={label}
      className={cn('whitespace-nowrap p-2 align-middle [&:has([role=checkbox])]:pr-0', className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}
