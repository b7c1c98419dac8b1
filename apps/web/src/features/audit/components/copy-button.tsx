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
  /** The button's accessible name, e.g. 'Copy hash'. */
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
      aria-label={label}
      title={children ? value : undefined}
      className={cn('h-7 gap-1.5 px-1.5 font-mono text-xs', className)}
      onClick={(event) => {
        event.stopPropagation();
        void copy();
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {children}
      <Copy aria-hidden className="size-3.5 opacity-70" />
    </Button>
  );
}
