import { formatRole } from '@parley/contracts';
import { LoaderCircle, LogOut } from 'lucide-react';
import { ThemeToggle } from '@/components/theme-toggle';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar';
import { useSignOut } from '@/features/auth/api/sign-out';
import { getInitials } from '@/lib/initials';
import { useSignedInSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-is-mobile';

/**
 * The sidebar footer (docs/product.md §2): the user's name, the role in words, Sign Out; on a phone also
 * the theme, which the top bar has no room for there.
 */
export function NavUser() {
  const { user, role } = useSignedInSession();
  const signOut = useSignOut();
  const isMobile = useIsMobile();

  return (
    <>
      <div className="flex items-center gap-2 px-1 py-1.5 group-data-[collapsible=icon]:px-0">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sidebar-accent font-medium text-sidebar-accent-foreground text-xs"
        >
          {getInitials(user.name)}
        </span>
        <div className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:sr-only">
          <span className="truncate font-medium text-sm" data-testid="user-name">
            {user.name}
          </span>
          <span className="truncate text-sidebar-foreground/75 text-xs" data-testid="user-role">
            {formatRole(role)}
          </span>
        </div>
      </div>
      {isMobile ? (
        <div className="flex items-center justify-between gap-2 px-1 py-1.5">
          <span className="text-sidebar-foreground/75 text-xs">Theme</span>
          <ThemeToggle />
        </div>
      ) : null}
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton
            tooltip="Sign Out"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            aria-busy={signOut.isPending}
          >
            {signOut.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            <span>Sign Out</span>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    </>
  );
}
