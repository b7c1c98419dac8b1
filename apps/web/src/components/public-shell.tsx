import { PRODUCT_NAME } from '@parley/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { ParleyMark } from '@/components/parley-mark';

/**
 * Holds the toggle's place (its size in components/ui/toggle-group.tsx) while it loads, so the header stays
 * still.
 */
function ThemeTogglePlace() {
  return <div aria-hidden="true" className="h-[34px] w-[94px]" />;
}

/**
 * Loaded after the page: its toggle group and tooltips are a tenth of the sign-in page's download
 * (docs/architecture.md, "Code splitting"). A failed load (a stale deploy) leaves the empty place rather than
 * failing the page, which is also the error page's frame; the theme still follows the stored preference.
 */
const ThemeToggle = lazy(() =>
  import('@/components/theme-toggle').then(
    (module) => ({ default: module.ThemeToggle }),
    () => ({ default: ThemeTogglePlace }),
  ),
);

/** The frame of the pages that need no sign-in: the name on top, the theme toggle in the corner. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/50 dark:bg-background">
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <div className="flex items-center gap-2 font-semibold">
          <ParleyMark />
          <span>{PRODUCT_NAME}</span>
        </div>
        <Suspense fallback={<ThemeTogglePlace />}>
          <ThemeToggle />
        </Suspense>
      </header>
      <main
        id="main-content"
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0"
      >
        {children}
      </main>
    </div>
  );
}
