import type { BulkMessagesResponse, bulkMessagesInputSchema, Message } from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { getMessage, toMessageStatus } from '../messages/messages.service';
import { setMessageStatus, settleMessageStatus } from '../replies/reply-state';
import { findActiveMember, lockMessagesForTriage, updateMessageOwner } from './triage.queries';

export type BulkMessagesData = z.output<typeof bulkMessagesInputSchema>;
type TriageActor = Pick<Actor, 'userId' | 'orgId'>;
type LockedMessage = Awaited<ReturnType<typeof lockMessagesForTriage>>[number];

/** An owner must be an active member of the caller's organisation: anyone else is a 400 naming owner_id. */
async function checkOwner(tx: Tx, actor: TriageActor, ownerId: string | null) {
  if (ownerId === null) return;
  if (!(await findActiveMember(tx, { orgId: actor.orgId, userId: ownerId }))) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { owner_id: 'Choose an active member of your organisation' },
    });
  }
}

/** Gives the message to `ownerId` (or nobody); false when it already was theirs (nothing written). */
async function assignOwner(
  tx: Tx,
  actor: TriageActor,
  message: LockedMessage,
  ownerId: string | null,
  now: Date,
): Promise<boolean> {
  if (message.ownerId === ownerId) return false;
  await updateMessageOwner(tx, { orgId: actor.orgId, messageId: message.id, ownerId, now });
  await appendAudit(
    tx,
    { now: () => now },
    {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'message_owner_changed',
      entityType: 'investor_message',
      entityId: message.id,
      details: { project_id: message.projectId, from: message.ownerId, to: ownerId },
    },
  );
  await notifyOrg(tx, { type: 'message.updated', orgId: actor.orgId, messageId: message.id });
  return true;
}

/**
 * Resolves a message that needs no reply (a thank-you, an out-of-office): open or flagged → resolved,
 * through the one status writer. A message awaiting approval is refused: its submission is decided in
 * the approval queue, never closed around (docs/decisions/050-triage-unread-and-owner.md).
 */
async function resolveMessage(tx: Tx, actor: TriageActor, message: LockedMessage, now: Date) {
  const status = toMessageStatus(message.status);
  if (status === 'resolved') return false;
  if (status === 'awaiting_approval') throw new AppError('APPROVAL_PENDING');
  await setMessageStatus(tx, { orgId: actor.orgId, messageId: message.id, status: 'resolved', now });
  await appendAudit(
    tx,
    { now: () => now },
    {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'message_resolved',
      entityType: 'investor_message',
      entityId: message.id,
      details: { project_id: message.projectId, previous_status: status },
    },
  );
  return true;
}

/** Reopens a resolved message: open, or flagged when its last check needs a director (docs/product.md §4). */
async function reopenMessage(tx: Tx, actor: TriageActor, message: LockedMessage, now: Date) {
  if (toMessageStatus(message.status) !== 'resolved') return false;
  const status = await settleMessageStatus(tx, {
    orgId: actor.orgId,
    messageId: message.id,
    status: 'resolved',
    now,
    reopen: true,
  });
  await appendAudit(
    tx,
    { now: () => now },
    {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'message_reopened',
      entityType: 'investor_message',
      entityId: message.id,
      details: { project_id: message.projectId, status },
    },
  );
  return true;
}

/** The organisation's messages among `ids`, locked; any id that is not one of them refuses everything. */
async function lockAll(tx: Tx, actor: TriageActor, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await lockMessagesForTriage(tx, { orgId: actor.orgId, ids: unique });
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw new AppError('NOT_FOUND', { fields: { [`ids.${missing}`]: 'No such message' } });
  return rows;
}

/**
 * PUT /api/messages/:id/owner: the member who looks after the message, or nobody. Audited
 * message_owner_changed {from, to} and announced as message.updated in the same transaction; setting
 * the owner it already has writes nothing.
 */
export async function setMessageOwner(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: TriageActor,
  input: { id: string; ownerId: string | null },
): Promise<Message> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [message] = await lockMessagesForTriage(tx, { orgId: actor.orgId, ids: [input.id] });
    if (!message) throw new AppError('NOT_FOUND');
    await checkOwner(tx, actor, input.ownerId);
    await assignOwner(tx, actor, message, input.ownerId, now);
  });
  return getMessage(ctx, actor, { id: input.id });
}

/**
 * POST /api/messages/bulk: one action on up to MESSAGE_BULK_MAX messages, all or nothing, in one
 * transaction with one audit entry per message changed. An id that is not a message of the caller's
 * organisation (404 naming `ids.N`), an owner who is not an active member (400 naming `owner_id`) or
 * a message awaiting approval in a resolve (409) refuses the whole batch.
 */
export async function bulkChangeMessages(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: TriageActor,
  input: BulkMessagesData,
): Promise<BulkMessagesResponse> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const messages = await lockAll(tx, actor, input.ids);
    const ownerId = input.owner_id ?? null;
    if (input.action === 'assign') await checkOwner(tx, actor, ownerId);
    const changed: string[] = [];
    for (const message of messages) {
      const isChanged =
        input.action === 'assign'
          ? await assignOwner(tx, actor, message, ownerId, now)
          : input.action === 'resolve'
            ? await resolveMessage(tx, actor, message, now)
            : await reopenMessage(tx, actor, message, now);
      if (isChanged) changed.push(message.id);
    }
    return { changed };
  });
}
