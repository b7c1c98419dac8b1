import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A message card's shape while the first page loads: the same card, paddings and gaps as MessageCard, each
 * line of text a block of its line height (name 24px, e-mail 20px, subject 24px, two lines of preview 40px,
 * the badges beside a small button 32px), so the real cards take its place without a jump.
 */
export function MessageCardSkeleton() {
  return (
    <Card className="py-4">
      <CardContent className="grid gap-3 px-4 sm:px-6">
        <div className="flex items-start justify-between gap-2">
          <div>
            <Skeleton className="h-5 my-0.5 w-40" />
            <Skeleton className="h-4 my-0.5 w-56" />
          </div>
          <Skeleton className="h-5 w-16 " />
        </div>
        <div className="space-y-1">
          <Skeleton className="h-5 my-0.5 w-3/5" />
          <Skeleton className="h-9 my-0.5 w-full" />
        </div>
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Skeleton className="h-5 w-28 " />
            <Skeleton className="h-5 w-20 " />
          </div>
          <Skeleton className="h-8 w-36" />
        </div>
      </CardContent>
    </Card>
  );
}
