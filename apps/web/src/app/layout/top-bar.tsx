import { useMatches } from 'react-router';
import { ThemeToggle } from '@/components/theme-toggle';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { findRouteTitle } from '@/lib/document-title';
import { NotificationsBell } from './notifications-bell';

/** The sticky bar above every signed-in page (SPEC §2): sidebar trigger, page title, theme. */
export function TopBar() {
  const title = findRouteTitle(useMatches());
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur-sm md:px-6">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
      <span className="min-w-0 truncate font-medium text-sm" data-testid="page-title">
        {title}
      </span>
      <div className="ml-auto flex items-center gap-2">
        <NotificationsBell />
        <ThemeToggle />
      </div>
    </header>
  );
}
