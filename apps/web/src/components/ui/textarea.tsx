import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * The box and type metrics of the text inside a Textarea: a layer drawn behind one (the draft editor's
 * highlights) uses them too, so its lines wrap exactly as the textarea's.
 */
export const TEXTAREA_TEXT_METRICS = 'border px-3 py-2 text-base md:text-sm';

/** A multi-line text input in the look of Input. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        TEXTAREA_TEXT_METRICS,
        'flex field-sizing-content min-h-16 w-full rounded-md border-input bg-transparent shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/20',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
