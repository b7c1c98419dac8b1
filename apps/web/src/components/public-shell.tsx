import { PRODUCT_NAME } from '@parley/contracts';
import type { ReactNode } from 'react';
import { ParleyMark } from '@/components/parley-mark';
import { ThemeToggle } from '@/components/theme-toggle';

/** The frame of the pages that need no sign-in: the name on top, the theme toggle in the corner. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/50 dark:bg-background">
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <div className="flex items-center gap-2 font-semibold">
          <ParleyMark />
          <span>{PRODUCT_NAME}</span>
        </div>
        <ThemeToggle />
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
