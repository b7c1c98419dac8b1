import type { Role } from './roles';

/**
 * What a role may do. This one table drives the server's guards and the web's menu,
 * so the two can never disagree (STYLE.md: authorization is a table).
 */
export const CAPABILITIES = [
  /** Read the inbox, messages, projects, settings and help: every signed-in role. */
  'workspace.read',
  /** Create messages and drafts: everyone but the read-only is_associate. */
  'messages.write',
  /** Create and edit funds (projects): admin and ir_director (docs/decisions/013-fund-documents.md). */
  'projects.manage',
  /** The approval queue (docs/product.md §2: menu for admin and ir_director). */
  'approvals.review',
  /**
   * Edit the compliance policy: lexicon, patterns, disclaimer, templates, approval matrix (docs/product.md §2
   * Compliance center).
   */
  'compliance.manage',
  /** Analytics, Compliance, Audit Logs, Reports (docs/product.md §2 Layout, the Reporting group). */
  'reporting.read',
  /** Re-walk the audit hash chain. */
  'audit.verify',
  /** The Administration group: invitations, users, security, email health. */
  'admin.manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: [
    'workspace.read',
    'messages.write',
    'projects.manage',
    'approvals.review',
    'compliance.manage',
    'reporting.read',
    'audit.verify',
    'admin.manage',
  ],
  ir_director: [
    'workspace.read',
    'messages.write',
    'projects.manage',
    'approvals.review',
    'compliance.manage',
    'reporting.read',
    'audit.verify',
  ],
  ir_associate: ['workspace.read', 'messages.write'],
  is_associate: ['workspace.read'],
};

export function hasCapability(role: Role, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

export function rolesWith(capability: Capability): Role[] {
  return (Object.keys(ROLE_CAPABILITIES) as Role[]).filter((role) => hasCapability(role, capability));
}
