import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CommandPaletteProvider } from '@/app/command-palette/command-palette-context';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { focusWhenShown } from '@/lib/focus-when-shown';
import { AppSidebar } from './app-sidebar';
import { TopBar } from './top-bar';
import { useGlobalShortcuts } from './use-global-shortcuts';

/** The keyboard shortcuts of docs/product.md §2 Help, listening once for the whole signed-in app. */
function GlobalShortcuts() {
  useGlobalShortcuts();
  return null;
}

/**
 * After a move to another page, the page's heading takes focus (docs/product.md §2 Layout, Focus): a
 * screen reader announces where the user is, and Tab continues from the content rather than from the
 * top of the document. The first page of a visit keeps the browser's own start.
 */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = () => document.getElementById('main-content');
    return focusWhenShown(() => main()?.querySelector<HTMLElement>('h1') ?? null);
  }, [pathname]);
}

/** The signed-in frame (docs/product.md §2 Layout): collapsible sidebar, sticky top bar, the page. */
export function AppLayout() {
  useFocusHeadingOnNavigation();
  return (
    <SidebarProvider>
      <CommandPaletteProvider>
        <GlobalShortcuts />
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:text-sm focus:shadow-md"
        >
          Skip to content
        </a>
        <AppSidebar />
        <SidebarInset>
          <TopBar />
          <main id="main-content" tabIndex={-1} className="flex-1 p-4 focus-visible:outline-none md:p-6">
            <Outlet />
          </main>
        </SidebarInset>
      </CommandPaletteProvider>
    </SidebarProvider>
  );
}
