import { asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

/** The organisations the alerts job looks at, a page at a time by id (few in any deployment, but bounded). */
export async function listOrganizationIdsAfter(db: DbOrTx, afterId: string | null, limit: number) {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(afterId ? gt(organizations.id, afterId) : undefined)
    .orderBy(asc(organizations.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The organisation's row, locked until the transaction ends: the one place two instances recording
 * its e-mail health status meet, also when it has no status row yet to lock. NO KEY UPDATE, so inserts
 * that reference the organisation (their foreign-key check takes KEY SHARE) are not held up.
 */
export async function lockOrganizationForHealth(tx: DbOrTx, orgId: string) {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
  return row ?? null;
}
