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

/** docs/product.md §2 Layout: the role with underscores replaced by spaces. */
export function formatRole(role: Role): string {
  return role.replaceAll('_', ' ');
}
