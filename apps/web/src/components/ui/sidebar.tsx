import { SIDEBAR_KEYBOARD_SHORTCUT } from '@parley/contracts';
import { PanelLeft } from 'lucide-react';
import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { readSidebarExpanded, serializeSidebarCookie } from '@/lib/sidebar-cookie';
import { useIsMobile } from '@/lib/use-is-mobile';
import { cn } from '@/lib/utils';

/*
 * The shadcn/ui sidebar, reduced to what Parley uses. docs/product.md §9's numbers are its numbers: 16rem
 * wide,
 * 3rem in icon mode, an 18rem sheet below 768 px, the state in a 7-day cookie, Ctrl/Cmd+B toggles.
 * The widths live in index.css (--sidebar-width, --sidebar-width-icon, --sidebar-width-mobile).
 */

type SidebarContextValue = {
  state: 'expanded' | 'collapsed';
  isOpen: boolean;
  setOpen: (isOpen: boolean) => void;
  isMobile: boolean;
  isOpenMobile: boolean;
  setOpenMobile: (isOpen: boolean) => void;
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar is used outside SidebarProvider');
  return context;
}

function readInitialOpen(defaultOpen: boolean): boolean {
  return readSidebarExpanded(document.cookie) ?? defaultOpen;
}

function writeSidebarCookie(isOpen: boolean): void {
  // docs/product.md §3 keeps this state in a cookie; the Cookie Store API is not in every supported browser.
  // biome-ignore lint/suspicious/noDocumentCookie: see the line above
  document.cookie = serializeSidebarCookie(isOpen);
}

export function SidebarProvider({
  defaultOpen = true,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [isOpenMobile, setOpenMobile] = useState(false);
  const [isOpen, setOpenState] = useState(() => readInitialOpen(defaultOpen));

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((open) => !open);
    else setOpen(!isOpen);
  }, [isMobile, isOpen, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: isOpen ? 'expanded' : 'collapsed',
      isOpen,
      setOpen,
      isMobile,
      isOpenMobile,
      setOpenMobile,
      toggleSidebar,
    }),
    [isOpen, setOpen, isMobile, isOpenMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={value}>
      <div
        data-slot="sidebar-wrapper"
        className={cn(
          'group/sidebar-wrapper flex min-h-svh w-full has-data-[variant=inset]:bg-sidebar',
          className,
        )}
        {...props}
      >
        {children}
      </div>
    </SidebarContext>
  );
}

export function Sidebar({
  className,
  children,
  label,
}: {
  className?: string;
  children: ReactNode;
  label: string;
}) {
  const { isMobile, state, isOpenMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={isOpenMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          data-slot="sidebar"
          data-mobile="true"
          className="w-(--sidebar-width-mobile) bg-sidebar p-0 text-sidebar-foreground"
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">
            Navigate between the areas of the workspace.
          </SheetDescription>
          <div className="flex h-full w-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-slot="sidebar"
    >
      {/*
        The gap holds the sidebar's place in the page and paints its column as long as the page: the
        fixed panel covers one screen, so a long page scrolled, printed or captured whole would
        otherwise show the column stop at the first screen's height.
      */}
      <div
        data-slot="sidebar-gap"
        className="relative h-full min-h-svh w-(--sidebar-width) border-sidebar-border border-r bg-sidebar transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) motion-reduce:transition-none"
      />
      <aside
        aria-label={label}
        data-slot="sidebar-container"
        className={cn(
          'fixed inset-y-0 left-0 z-20 hidden w-(--sidebar-width) border-sidebar-border border-r bg-sidebar transition-[width] duration-200 ease-linear md:flex motion-reduce:transition-none',
          'group-data-[collapsible=icon]:w-(--sidebar-width-icon)',
          className,
        )}
      >
        <div className="flex h-full w-full flex-col">{children}</div>
      </aside>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, isOpen, isOpenMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon-sm"
      className={cn('-ml-1', className)}
      aria-expanded={isMobile ? isOpenMobile : isOpen}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeft aria-hidden="true" />
      <span className="sr-only">Toggle sidebar</span>
    </Button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn('relative flex w-full min-w-0 flex-1 flex-col bg-background', className)}
      {...props}
    />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-1 overflow-auto group-data-[collapsible=icon]:overflow-hidden',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarSeparator({ className, ...props }: ComponentProps<'hr'>) {
  return (
    <hr
      data-slot="sidebar-separator"
      className={cn('mx-2 w-auto border-sidebar-border border-t', className)}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of links; <fieldset> is for form controls.
    <div
      role="group"
      data-slot="sidebar-group"
      className={cn('relative flex w-full min-w-0 flex-col px-2 py-1', className)}
      {...props}
    />
  );
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-7 shrink-0 items-center rounded-md px-2 font-medium text-sidebar-foreground/75 text-xs transition-[margin,opacity] duration-200 ease-linear motion-reduce:transition-none',
        'group-data-[collapsible=icon]:-mt-7 group-data-[collapsible=icon]:opacity-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="sidebar-menu"
      className={cn('flex w-full min-w-0 flex-col gap-0.5', className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return (
    <li data-slot="sidebar-menu-item" className={cn('group/menu-item relative', className)} {...props} />
  );
}

const menuButtonClassName = cn(
  'peer/menu-button relative flex h-8 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm transition-[width,height,padding,background-color] motion-reduce:transition-none',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
  'focus-visible:outline-2 focus-visible:outline-sidebar-ring focus-visible:-outline-offset-2',
  'disabled:pointer-events-none disabled:opacity-50',
  'aria-[current=page]:bg-sidebar-accent aria-[current=page]:font-semibold aria-[current=page]:text-sidebar-accent-foreground',
  'group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2!',
  '[&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
);

/**
 * A menu entry. With `tooltip`, the label shows as a tooltip while the sidebar is collapsed to icons
 * (the label stays in the DOM, so the link keeps its accessible name).
 */
export function SidebarMenuButton({
  asChild = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; tooltip?: string }) {
  const { isMobile, state } = useSidebar();
  const button = asChild ? (
    <Slot.Root data-slot="sidebar-menu-button" className={cn(menuButtonClassName, className)} {...props} />
  ) : (
    <button
      type="button"
      data-slot="sidebar-menu-button"
      className={cn(menuButtonClassName, className)}
      {...props}
    />
  );

  if (!tooltip) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
