import type { InvestorType, InvestorTypeView } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { investorMessages, investorProfiles } from '../../db/schema';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { findInvestorType } from './investor-type-lookup';

/**
 * PUT /api/messages/:id/investor/type: the type of the message's investor, by address, for every
 * message from them (docs/decisions/054-communication-class.md). It decides the class of the replies
 * they get, so only those who manage compliance set it; the change is audited with before and after.
 */
export async function setInvestorType(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: { messageId: string; investorType: InvestorType },
): Promise<InvestorTypeView> {
  return ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .select({ email: investorMessages.investorEmail })
      .from(investorMessages)
      .where(and(eq(investorMessages.orgId, actor.orgId), eq(investorMessages.id, input.messageId)));
    if (!message) throw new AppError('NOT_FOUND');
    const email = message.email.toLowerCase();
    const before = await findInvestorType(tx, actor.orgId, email);
    const now = ctx.clock.now();
    await tx
      .insert(investorProfiles)
      .values({
        orgId: actor.orgId,
        email,
        investorType: input.investorType,
        updatedBy: actor.userId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [investorProfiles.orgId, investorProfiles.email],
        set: { investorType: input.investorType, updatedBy: actor.userId, updatedAt: now },
      });
    if (!before.isSet || before.type !== input.investorType) {
      await appendAudit(tx, ctx.clock, {
        orgId: actor.orgId,
        actorId: actor.userId,
        actionType: 'investor_type_changed',
        entityType: 'investor_message',
        entityId: input.messageId,
        details: {
          email,
          before: before.isSet ? before.type : null,
          after: input.investorType,
        },
      });
    }
    return { investor_type: input.investorType, investor_type_set: true };
  });
}
