import {
  Activity,
  ChartColumn,
  CircleQuestionMark,
  ClipboardCheck,
  FileText,
  FolderKanban,
  Inbox,
  LayoutDashboard,
  LockKeyhole,
  type LucideIcon,
  ScrollText,
  Settings,
  ShieldCheck,
  SquarePen,
  UserPlus,
} from 'lucide-react';
import type { MenuItemId } from './menu';

/** The sidebar's icons, so a page looks the same in both places. */
export const MENU_ICONS: Record<MenuItemId, LucideIcon> = {
  inbox: Inbox,
  compose: SquarePen,
  approvals: ClipboardCheck,
  projects: FolderKanban,
  analytics: ChartColumn,
  compliance: ShieldCheck,
  audit: ScrollText,
  reports: FileText,
  admin: LayoutDashboard,
  invite: UserPlus,
  security: LockKeyhole,
  'email-health': Activity,
  settings: Settings,
  help: CircleQuestionMark,
};
