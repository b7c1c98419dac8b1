import type { ReactElement } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * A control that is not available yet, with a tooltip saying why. The child is a button marked
 * aria-disabled (not disabled), so keyboard users can still focus it and hear the reason.
 */
export function DisabledWithReason({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
