import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Holds a job's advisory lock in a transaction of its own, as another instance running the job would
 * (PostgreSQL only: PGlite runs one transaction at a time); `release` ends it.
 */
export async function holdJobLock(db: Db, key: number): Promise<{ release: () => Promise<void> }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const other = db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
    locked();
    await held;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await other;
    },
  };
}
