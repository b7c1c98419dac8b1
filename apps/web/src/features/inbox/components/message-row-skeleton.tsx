import { Skeleton } from '@/components/ui/skeleton';

/**
 * A message row's shape while the first page loads: MessageRow's paddings, gaps and lines (the link's
 * 20px line, the 20px badges, the age over the 24px owner), so the real rows take its place without a
 * jump.
 */
export function MessageRowSkeleton() {
  return (
    <div className="flex min-h-15 items-center gap-3 px-3 py-2">
      <Skeleton className="size-4" />
      <span className="size-2" />
      <div className="grid min-w-0 flex-1 gap-1">
        <Skeleton className="my-0.5 h-4 w-4/5" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
      <div className="flex flex-col items-end gap-1">
        <Skeleton className="my-0.5 h-3 w-16" />
        <Skeleton className="size-6 rounded-full" />
      </div>
    </div>
  );
}
