import { Search } from 'lucide-react';
import { useMatches } from 'react-router';
import { useCommandPalette } from '@/app/command-palette/command-palette-context';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { findRouteTitle } from '@/lib/document-title';
import { useIsMobile } from '@/lib/use-is-mobile';
import { NotificationsBell } from './notifications-bell';

/** Apple keyboards say Cmd where others say Ctrl (the shortcut takes either). */
const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The sticky bar above every signed-in page (docs/product.md §2): sidebar trigger, page title, theme (not on a phone). */
export function TopBar() {
  const title = findRouteTitle(useMatches());
  const palette = useCommandPalette();
  // On a phone the theme choice lives in the menu's footer (nav-user.tsx): the bar keeps its room.
  const isMobile = useIsMobile();
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur-sm md:px-6">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
      <span className="min-w-0 truncate font-medium text-sm" data-testid="page-title">
        {title}
      </span>
      <div className="ml-auto flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => palette.setOpen(true)}
          aria-keyshortcuts="Control+K Meta+K"
          className="text-muted-foreground max-sm:size-8 max-sm:px-0"
        >
          <Search aria-hidden="true" />
          {/* The visible text is the name (WCAG 2.5.3); on a phone only the icon shows. */}
          <span className="sr-only sm:not-sr-only">Search</span>
          <kbd className="pointer-events-none hidden rounded border bg-muted px-1 font-sans text-[0.7rem] md:inline">
            {IS_APPLE ? '⌘K' : 'Ctrl K'}
          </kbd>
        </Button>
        <NotificationsBell />
        {isMobile ? null : <ThemeToggle />}
      </div>
    </header>
  );
}
