import { type Capability, hasCapability, LOG_MESSAGE_TEXTS, type Role } from '@parley/contracts';
import { paths } from '../../lib/paths';

export type MenuItemId =
  | 'inbox'
  | 'compose'
  | 'approvals'
  | 'projects'
  | 'analytics'
  | 'compliance'
  | 'audit'
  | 'reports'
  | 'admin'
  | 'invite'
  | 'security'
  | 'email-health'
  | 'settings'
  | 'help';

export type MenuItem = {
  id: MenuItemId;
  title: string;
  to: string;
  /** Who sees the item (the contracts' capability table, STYLE.md). */
  capability: Capability;
  /** Active only on its own path, not below it (Admin must not light up on /admin/invite). */
  end: boolean;
};

export type MenuGroup = {
  id: 'workflow' | 'reporting' | 'administration' | 'system';
  label: string;
  items: MenuItem[];
};

/** docs/product.md §2 Layout: the groups and items, in order. */
const MENU: readonly MenuGroup[] = [
  {
    id: 'workflow',
    label: 'Workflow',
    items: [
      { id: 'inbox', title: 'Inbox', to: paths.inbox, capability: 'workspace.read', end: false },
      {
        id: 'compose',
        title: LOG_MESSAGE_TEXTS.title,
        to: paths.compose,
        capability: 'workspace.read',
        end: false,
      },
      {
        id: 'approvals',
        title: 'Approvals',
        to: paths.approvals,
        capability: 'approvals.review',
        end: false,
      },
      { id: 'projects', title: 'Projects', to: paths.projects, capability: 'workspace.read', end: false },
    ],
  },
  {
    id: 'reporting',
    label: 'Reporting',
    items: [
      { id: 'analytics', title: 'Analytics', to: paths.analytics, capability: 'reporting.read', end: false },
      {
        id: 'compliance',
        title: 'Compliance',
        to: paths.compliance,
        capability: 'reporting.read',
        end: false,
      },
      { id: 'audit', title: 'Audit Logs', to: paths.audit, capability: 'reporting.read', end: false },
      { id: 'reports', title: 'Reports', to: paths.reports, capability: 'reporting.read', end: false },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    items: [
      { id: 'admin', title: 'Admin', to: paths.admin, capability: 'admin.manage', end: true },
      { id: 'invite', title: 'Invite Users', to: paths.adminInvite, capability: 'admin.manage', end: false },
      {
        id: 'security',
        title: 'Security Settings',
        to: paths.adminSecurity,
        capability: 'admin.manage',
        end: false,
      },
      {
        id: 'email-health',
        title: 'Email Health',
        to: paths.adminEmailHealth,
        capability: 'admin.manage',
        end: false,
      },
    ],
  },
  {
    id: 'system',
    label: 'System',
    items: [
      { id: 'settings', title: 'Settings', to: paths.settings, capability: 'workspace.read', end: false },
      { id: 'help', title: 'Help', to: paths.help, capability: 'workspace.read', end: false },
    ],
  },
];

/** The menu a role sees: items it lacks the capability for are dropped, then empty groups. */
export function buildMenu(role: Role): MenuGroup[] {
  return MENU.map((group) => ({
    ...group,
    items: group.items.filter((item) => hasCapability(role, item.capability)),
  })).filter((group) => group.items.length > 0);
}
