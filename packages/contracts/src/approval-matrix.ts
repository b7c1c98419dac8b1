import { z } from 'zod';
import { ROLES, type Role } from './roles';

/** The highest severity among a draft's flags, or 'none' when it has none. */
export const APPROVAL_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type ApprovalLevel = (typeof APPROVAL_LEVELS)[number];

/** Which roles may finalise (Mark Final / Approve & Send) a draft at each highest flag severity. */
export type ApprovalMatrix = Record<ApprovalLevel, Role[]>;

/** Roles that may always finalise: docs/product.md §6 (admin full access, ir_director approvals). */
export const APPROVERS_ALWAYS: readonly Role[] = ['admin', 'ir_director'];

/**
 * docs/product.md §6: any high-severity flag requires admin or ir_director; with low or no flags an
 * ir_associate can finalise; is_associate is read-only everywhere. The matrix may ask for a director
 * at lower levels too, never less than this.
 */
export const DEFAULT_APPROVAL_MATRIX: ApprovalMatrix = {
  none: ['admin', 'ir_director', 'ir_associate'],
  low: ['admin', 'ir_director', 'ir_associate'],
  medium: ['admin', 'ir_director', 'ir_associate'],
  high: ['admin', 'ir_director'],
};

export function approvalLevelOf(flags: readonly { severity: string }[]): ApprovalLevel {
  let level: ApprovalLevel = 'none';
  for (const flag of flags) {
    const index = APPROVAL_LEVELS.indexOf(flag.severity as ApprovalLevel);
    if (index > APPROVAL_LEVELS.indexOf(level)) level = APPROVAL_LEVELS[index] as ApprovalLevel;
  }
  return level;
}

export function canFinalise(matrix: ApprovalMatrix, role: Role, flags: readonly { severity: string }[]) {
  return matrix[approvalLevelOf(flags)].includes(role);
}

/** requires_approval: a director is needed, i.e. an ir_associate may not finalise it alone. */
export function requiresDirectorApproval(matrix: ApprovalMatrix, flags: readonly { severity: string }[]) {
  return !matrix[approvalLevelOf(flags)].includes('ir_associate');
}

const levelRolesSchema = z
  .array(z.enum(ROLES, { error: 'Not a role' }), { error: 'List the roles' })
  .transform((roles) => [...new Set(roles)]);

/** An edited matrix: admin and ir_director always approve, is_associate never, high never ir_associate. */
export const approvalMatrixSchema = z
  .object({ none: levelRolesSchema, low: levelRolesSchema, medium: levelRolesSchema, high: levelRolesSchema })
  .superRefine((matrix, ctx) => {
    for (const level of APPROVAL_LEVELS) {
      const roles = matrix[level];
      if (APPROVERS_ALWAYS.some((role) => !roles.includes(role))) {
        ctx.addIssue({ code: 'custom', path: [level], message: 'Admins and directors can always approve' });
      }
      if (roles.includes('is_associate')) {
        ctx.addIssue({ code: 'custom', path: [level], message: 'Read-only users cannot approve' });
      }
    }
    if (matrix.high.includes('ir_associate')) {
      ctx.addIssue({
        code: 'custom',
        path: ['high'],
        message: 'High-severity flags always need a director',
      });
    }
  });
