import type { SessionContext } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';

/** Settings' Save (SPEC §2): the new name and its audit entry, in one transaction. */
export async function updateProfileName(
  deps: { db: Db; clock: Clock },
  session: SessionContext,
  name: string,
) {
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: session.userId, name, updatedAt: deps.clock.now() })
      .onConflictDoUpdate({ target: profiles.id, set: { name, updatedAt: deps.clock.now() } });
    await appendAudit(tx, deps.clock, {
      orgId: session.orgId,
      actorId: session.userId,
      actionType: 'profile_updated',
      entityType: 'user',
      entityId: session.userId,
      details: { name: { from: session.name, to: name } },
    });
  });
  return name;
}
