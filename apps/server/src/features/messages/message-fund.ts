import type { Message } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { findProjectInOrg } from './messages.queries';
import { getMessage } from './messages.service';
import { lockThreadOf, moveThreadToFund } from './thread.queries';

/**
 * PUT /api/messages/:id/fund (docs/decisions/058-inbound-email.md): the fund the thread is about — an
 * e-mail's is a guess, or none. The whole thread moves, since a reply answers the thread under one
 * fund: its messages, and their versions not yet approved. The fund must be one of the organisation's
 * (422 naming project_id). Audited message_fund_changed {thread_id, from, to, message_ids} and announced
 * as message.updated per message moved, in the same transaction; a thread already there writes nothing.
 */
export async function setMessageFund(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string; projectId: string },
): Promise<Message> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const thread = await lockThreadOf(tx, { orgId: actor.orgId, messageId: input.id });
    if (!thread) throw new AppError('NOT_FOUND');
    if (!(await findProjectInOrg(tx, actor.orgId, input.projectId))) {
      throw new AppError('FUND_NOT_AVAILABLE', {
        fields: { project_id: 'Choose one of your organisation’s funds' },
      });
    }
    const { threadId } = thread;
    const moved = await moveThreadToFund(tx, {
      orgId: actor.orgId,
      threadId,
      projectId: input.projectId,
      now,
    });
    if (moved.length === 0) return;
    const before = thread.messages.find((m) => m.id === input.id)?.projectId ?? null;
    await appendAudit(
      tx,
      { now: () => now },
      {
        orgId: actor.orgId,
        actorId: actor.userId,
        actionType: 'message_fund_changed',
        entityType: 'investor_message',
        entityId: input.id,
        details: {
          thread_id: threadId,
          // The fund of the message named, as the thread's messages share one but for a guess gone wrong.
          from: before,
          to: input.projectId,
          message_ids: moved,
        },
      },
    );
    for (const messageId of moved) {
      await notifyOrg(tx, { type: 'message.updated', orgId: actor.orgId, messageId });
    }
  });
  return getMessage(ctx, actor, { id: input.id });
}
