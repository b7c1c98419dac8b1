import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** An honest "nothing here yet" card: no sample data, just what will appear and why it is empty. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  isPageHeading = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The state is the whole page (Access Denied): its title is the page's one h1, focused on arrival. */
  isPageHeading?: boolean;
  children?: ReactNode;
}) {
  const Heading = isPageHeading ? 'h1' : 'h2';
  return (
    <Card className="items-center border-dashed px-6 py-12 text-center shadow-none">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      </div>
      <div className="max-w-md space-y-1.5">
        <Heading tabIndex={isPageHeading ? -1 : undefined} className="font-semibold text-base">
          {title}
        </Heading>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </Card>
  );
}
