import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOrganization, findFirstOrganizationId } from '../organizations/organizations.service';
import { createMember } from './users.service';

/**
 * `cli create-admin` (DESIGN.md §5): an admin in the first organisation, which is created
 * when there is none yet.
 */
export async function createFirstAdmin(
  deps: { db: Db; clock: Clock },
  input: { email: string; password: string; name: string; orgName: string },
) {
  const orgId =
    (await findFirstOrganizationId(deps.db)) ??
    (await deps.db.transaction((tx) =>
      createOrganization(tx, deps.clock, { name: input.orgName, actorId: null }),
    ));
  const userId = await createMember(deps, { ...input, role: 'admin', orgId, actorId: null });
  return { userId, orgId };
}
