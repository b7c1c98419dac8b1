import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';

export async function listOrganizations(db: DbOrTx) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .orderBy(organizations.createdAt, organizations.id);
}

/** Whether a PostgreSQL database already holds tables of its own (restore refuses to mix). */
export async function countPublicTables(db: DbOrTx): Promise<number> {
  // Both drivers (node-postgres, PGlite) return the rows as `rows`.
  const result = (await db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
