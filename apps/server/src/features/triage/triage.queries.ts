import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { investorMessages, orgMemberships, profiles, users } from '../../db/schema';

/** An active member of the organisation, or null: who may own its messages. */
export async function findActiveMember(db: DbOrTx, input: { orgId: string; userId: string }) {
  const [row] = await db
    .select({ id: users.id, name: profiles.name, email: users.email })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .leftJoin(profiles, eq(profiles.id, orgMemberships.userId))
    .where(
      and(
        eq(orgMemberships.orgId, input.orgId),
        eq(orgMemberships.userId, input.userId),
        eq(users.status, 'active'),
      ),
    );
  return row ?? null;
}

/**
 * The organisation's messages among `ids`, locked for the rest of the transaction in id order (so two
 * bulk changes of overlapping selections queue rather than deadlock), with the fields a triage change
 * reads. Ids of other organisations or of nothing are simply absent.
 */
export async function lockMessagesForTriage(tx: Tx, input: { orgId: string; ids: string[] }) {
  return tx
    .select({
      id: investorMessages.id,
      status: investorMessages.status,
      projectId: investorMessages.projectId,
      ownerId: investorMessages.ownerId,
    })
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, input.orgId), inArray(investorMessages.id, input.ids)))
    .orderBy(asc(investorMessages.id))
    .for('update');
}

export async function updateMessageOwner(
  tx: Tx,
  input: { orgId: string; messageId: string; ownerId: string | null; now: Date },
) {
  await tx
    .update(investorMessages)
    .set({ ownerId: input.ownerId, updatedAt: input.now })
    .where(and(eq(investorMessages.orgId, input.orgId), eq(investorMessages.id, input.messageId)));
}
