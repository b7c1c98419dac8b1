import type { UpdateProfileInput } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { profiles } from '../../db/schema';
import { appendAudit } from '../../lib/audit';

/** Settings' Save (docs/product.md §2): the new name and its audit entry, in one transaction. */
export async function updateProfileName(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId' | 'name'>,
  { name }: UpdateProfileInput,
) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: actor.userId, name, updatedAt: ctx.clock.now() })
      .onConflictDoUpdate({ target: profiles.id, set: { name, updatedAt: ctx.clock.now() } });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'profile_updated',
      entityType: 'user',
      entityId: actor.userId,
      details: { name: { from: actor.name, to: name } },
    });
  });
  return name;
}
