import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { setupTokens } from '../../db/schema';

export async function replaceSetupTokens(db: DbOrTx, input: { tokenHash: string; expiresAt: Date }) {
  await db.delete(setupTokens);
  await db.insert(setupTokens).values(input);
}

/** Locks the live token row, so two submissions of one link cannot both succeed. */
export async function lockLiveSetupToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(
      and(eq(setupTokens.tokenHash, tokenHash), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)),
    )
    .for('update');
  return row ?? null;
}

export async function markSetupTokenUsed(db: DbOrTx, id: string, now: Date) {
  await db.update(setupTokens).set({ usedAt: now }).where(eq(setupTokens.id, id));
}
