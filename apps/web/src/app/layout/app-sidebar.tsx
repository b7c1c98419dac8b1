import { hasCapability, PRODUCT_NAME } from '@parley/contracts';
import { useMemo } from 'react';
import { Link, NavLink } from 'react-router';
import { useMessageBadges } from '@/api/messages/message-badges';
import { ParleyMark } from '@/components/parley-mark';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from '@/components/ui/sidebar';
import { EmailHealthDot } from '@/features/email/components/email-health-dot';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { buildMenu } from './menu';
import { MenuCount } from './menu-count';
import { MENU_ICONS } from './menu-icons';
import { NavUser } from './nav-user';

export function AppSidebar() {
  const { role } = useSignedInSession();
  const menu = useMemo(() => buildMenu(role), [role]);
  const badges = useMessageBadges().data;
  // Collapsed to icons, a count sits on the icon's corner.
  const countCorner =
    'group-data-[collapsible=icon]:absolute group-data-[collapsible=icon]:top-0 group-data-[collapsible=icon]:right-0 group-data-[collapsible=icon]:h-4 group-data-[collapsible=icon]:min-w-4 group-data-[collapsible=icon]:px-1 group-data-[collapsible=icon]:text-[9px]';
  const { isMobile, setOpenMobile } = useSidebar();
  const closeMobileSheet = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label="Sidebar">
      <SidebarHeader>
        <Link
          to={paths.inbox}
          onClick={closeMobileSheet}
          className="flex h-10 items-center gap-2 rounded-md px-1 font-semibold text-base group-data-[collapsible=icon]:px-0"
        >
          <ParleyMark />
          <span className="truncate">{PRODUCT_NAME}</span>
        </Link>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        <nav aria-label="Main">
          {menu.map((group) => (
            <SidebarGroup key={group.id} aria-labelledby={`sidebar-group-${group.id}`}>
              <SidebarGroupLabel id={`sidebar-group-${group.id}`}>{group.label}</SidebarGroupLabel>
              <SidebarMenu>
                {group.items.map((item) => {
                  const Icon = MENU_ICONS[item.id];
                  return (
                    <SidebarMenuItem key={item.id}>
                      <SidebarMenuButton asChild tooltip={item.title}>
                        <NavLink to={item.to} end={item.end} onClick={closeMobileSheet}>
                          <Icon aria-hidden="true" />
                          <span>{item.title}</span>
                          {item.id === 'email-health' ? (
                            <EmailHealthDot
                              isEnabled={hasCapability(role, 'admin.manage')}
                              className="ml-auto group-data-[collapsible=icon]:absolute group-data-[collapsible=icon]:top-1 group-data-[collapsible=icon]:right-1"
                            />
                          ) : null}
                          {item.id === 'inbox' ? (
                            <MenuCount
                              count={badges?.unread}
                              isCapped={badges?.unread_capped}
                              what="unread"
                              className={countCorner}
                            />
                          ) : null}
                          {item.id === 'approvals' ? (
                            <MenuCount
                              count={badges?.approvals_waiting}
                              what="waiting"
                              className={countCorner}
                            />
                          ) : null}
                        </NavLink>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <NavUser />
      </SidebarFooter>
    </Sidebar>
  );
}
