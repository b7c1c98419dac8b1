import { cn } from '@/lib/utils';

function Block({ className }: { className?: string }) {
  return <div className={cn('rounded-xl bg-muted motion-safe:animate-pulse', className)} />;
}

/** The charts' place while their code or the figures load. */
export function ChartsSkeleton() {
  return <Block className="h-[30rem] lg:h-[33rem]" />;
}

/** The page's shape while its figures load: the KPI cards, the charts and two rows of cards. */
export function AnalyticsSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading analytics…
      </span>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[1, 2, 3, 4].map((i) => (
          <Block key={i} className="h-32" />
        ))}
      </div>
      <ChartsSkeleton />
      <div className="grid gap-6 lg:grid-cols-2">
        <Block className="h-64" />
        <Block className="h-64" />
      </div>
    </div>
  );
}
