import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * A button for an action that waits on the server: disabled and showing a spinner (in place of its
 * `icon`, if any) while `isPending`.
 */
export function PendingButton({
  isPending,
  icon,
  disabled,
  children,
  ...props
}: ButtonProps & { isPending: boolean; icon?: ReactNode }) {
  return (
    <Button disabled={isPending || disabled} aria-busy={isPending} {...props}>
      {isPending ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : (icon ?? null)}
      {children}
    </Button>
  );
}
