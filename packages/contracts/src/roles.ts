import { z } from 'zod';

/** The four staff roles of docs/product.md §6, in alphabetical order. */
export const ROLES = ['admin', 'ir_director', 'ir_associate', 'is_associate'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * docs/product.md §6: when a user has several roles only the first alphabetically counts.
 * Returns null when there is none: the server then denies (no fallback grants a permission).
 */
export function resolveRole(roles: readonly string[]): Role | null {
  const known = roles.filter((r): r is Role => roleSchema.safeParse(r).success);
  return [...known].sort()[0] ?? null;
}

/**
 * Each role in words, wherever a role is shown (sidebar, profile, invitations, members, analytics):
 * docs/decisions/048-no-placeholders.md replaces docs/product.md §2's 'underscores as spaces'.
 */
const ROLE_NAMES: Record<Role, string> = {
  admin: 'Admin',
  ir_director: 'IR Director',
  ir_associate: 'IR Associate',
  is_associate: 'IS Associate',
};

export function formatRole(role: Role): string {
  return ROLE_NAMES[role];
}
