import type { ServiceContext } from '../../context';
import { createOrganization, findFirstOrganizationId } from '../organizations/organizations.service';
import { createMember } from './users.service';

/**
 * `cli create-admin` (docs/decisions/005-first-admin-before-invitations.md): an admin in the first organisation, which is created
 * when there is none yet.
 */
export async function createFirstAdmin(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: { email: string; password: string; name: string; orgName: string },
) {
  const orgId =
    (await findFirstOrganizationId(ctx.db)) ??
    (await ctx.db.transaction((tx) =>
      createOrganization(tx, ctx.clock, { name: input.orgName, actorId: null }),
    ));
  const userId = await createMember(ctx, { ...input, role: 'admin', orgId, actorId: null });
  return { userId, orgId };
}
