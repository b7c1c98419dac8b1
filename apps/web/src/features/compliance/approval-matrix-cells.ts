import { APPROVERS_ALWAYS, type ApprovalLevel, type Role } from '@parley/contracts';

/**
 * Cells docs/product.md §6 fixes: admins and directors always approve, read-only users never, high never
 * associates.
 */
export function fixedCell(level: ApprovalLevel, role: Role): { checked: boolean; reason: string } | null {
  if (APPROVERS_ALWAYS.includes(role))
    return { checked: true, reason: 'Admins and directors can always approve' };
  if (role === 'is_associate') return { checked: false, reason: 'Read-only users cannot approve' };
  if (level === 'high') return { checked: false, reason: 'High-severity flags always need a director' };
  return null;
}
