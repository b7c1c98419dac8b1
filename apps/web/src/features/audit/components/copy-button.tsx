import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Copies `value` to the clipboard and says so in a toast; the click does not reach the row under it. */
export function CopyButton({
  value,
  label,
  copiedText,
  children,
  className,
}: {
  value: string;
  /**
   * What the button does, e.g. 'Copy hash'. With visible children it follows them in the accessible
   * name, so the name a speech user reads off the screen works (WCAG 2.5.3 Label in Name).
   */
  label: string;
  copiedText: string;
  children?: ReactNode;
  className?: string;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedText);
    } catch {
      toast.error('Copying is not allowed here. Select the text and copy it.');
    }
  }
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={children ? undefined : label}
      title={children ? value : undefined}
      className={cn('h-7 gap-1.5 px-1.5 font-mono text-xs', className)}
      onClick={(event) => {
        event.stopPropagation();
        void copy();
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {children}
      {children ? <span className="sr-only">, {label}</span> : null}
      <Copy aria-hidden className="size-3.5 opacity-70" />
    </Button>
  );
}
