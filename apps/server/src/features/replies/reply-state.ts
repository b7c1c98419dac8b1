import {
  APPROVAL_LEVELS,
  approvalLevelOf,
  complianceTagOf,
  type MessageStatus,
  type SecondOpinionStatus,
  unresolvedFlags,
} from '@parley/contracts';
import type { Flag } from '@parley/guardrails';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { investorMessages } from '../../db/schema';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { recordFlagOccurrences } from '../analytics/flag-occurrences';
import {
  decideRequest,
  findPendingRequest,
  lastCheckRequiresApproval,
  setPendingFlagRank,
  updateVersionCheck,
} from './replies.queries';

/**
 * The one writer of a reply's state: investor_messages.status, the check stored on a version, and a
 * pending approval voided by an edit. Everything runs in the caller's transaction, which holds the
 * message row lock and passes the status it read with it, so no write here reads the message again.
 */

/**
 * A submission's place in the approval queue: the highest severity among the flags nobody dismissed
 * (0 none … 3 high), so flagged drafts come first.
 */
export function flagRankOf(flags: readonly { severity: string; dismissal?: unknown }[]): number {
  return APPROVAL_LEVELS.indexOf(approvalLevelOf(unresolvedFlags(flags)));
}

/**
 * The one writer of investor_messages.status (docs/product.md §4). Every change is announced as
 * message.updated
 * in the same transaction, so inboxes and open threads follow within a second.
 */
export async function setMessageStatus(
  tx: Tx,
  input: { orgId: string; messageId: string; status: MessageStatus; now: Date },
) {
  const [row] = await tx
    .update(investorMessages)
    .set({ status: input.status, updatedAt: input.now })
    .where(and(eq(investorMessages.orgId, input.orgId), eq(investorMessages.id, input.messageId)))
    .returning({ id: investorMessages.id });
  if (row) await notifyOrg(tx, { type: 'message.updated', orgId: input.orgId, messageId: input.messageId });
  return Boolean(row);
}

/**
 * A message that is neither awaiting approval nor resolved is `flagged` when its most recently
 * checked version needs a director's approval, else `open` (docs/product.md §4). Call it after a check with
 * the
 * status the caller knows; it writes only when the status changes. `reopen` settles an awaiting or
 * resolved message too (a returned submission, a voided approval) and always writes, once.
 */
export async function settleMessageStatus(
  tx: Tx,
  input: { orgId: string; messageId: string; status: MessageStatus; now: Date; reopen?: boolean },
): Promise<MessageStatus> {
  const isSettled = input.status === 'awaiting_approval' || input.status === 'resolved';
  if (isSettled && !input.reopen) return input.status;
  const status: MessageStatus = (await lastCheckRequiresApproval(tx, input.messageId)) ? 'flagged' : 'open';
  if (input.reopen || status !== input.status) {
    await setMessageStatus(tx, { orgId: input.orgId, messageId: input.messageId, status, now: input.now });
  }
  return status;
}

/**
 * Stores a check on its version (flags, verdict, time, compliance_tag) and the flags it raised for
 * Analytics, moves a pending submission of it to its new place in the queue, and settles the message's status (flagged when the check needs a
 * director). Returns the status after.
 */
export async function storeVersionCheck(
  tx: Tx,
  input: {
    orgId: string;
    messageId: string;
    status: MessageStatus;
    draftId: string;
    result: { flags: Flag[]; requires_approval: boolean; second_opinion?: SecondOpinionStatus | undefined };
    now: Date;
  },
): Promise<MessageStatus> {
  const stored = await updateVersionCheck(tx, {
    orgId: input.orgId,
    draftId: input.draftId,
    flags: input.result.flags.map((flag) => ({ ...flag })),
    requiresApproval: input.result.requires_approval,
    checkedAt: input.now,
    complianceTag: complianceTagOf(input.result.flags),
    secondOpinion: input.result.second_opinion,
  });
  if (!stored) throw new AppError('NOT_FOUND');
  await recordFlagOccurrences(tx, {
    orgId: input.orgId,
    messageId: input.messageId,
    draftId: input.draftId,
    flags: input.result.flags,
    now: input.now,
  });
  // Only a message awaiting approval has a pending submission (of its latest version).
  if (input.status === 'awaiting_approval') {
    await setPendingFlagRank(tx, input.draftId, flagRankOf(input.result.flags));
  }
  return settleMessageStatus(tx, {
    orgId: input.orgId,
    messageId: input.messageId,
    status: input.status,
    now: input.now,
  });
}

/**
 * An approval is bound to the exact text, so new text voids a pending approval (the message goes
 * back to open or flagged), and new text after approval reopens the message — the sent reply stays
 * recorded on its version. One status write; returns the status after.
 */
export async function voidApprovalOnEdit(
  tx: Tx,
  input: { orgId: string; messageId: string; status: MessageStatus; actorId: string; now: Date },
): Promise<MessageStatus> {
  const pending = await findPendingRequest(tx, input.messageId);
  if (!pending && input.status !== 'resolved' && input.status !== 'awaiting_approval') return input.status;
  if (pending) {
    await decideRequest(tx, pending.id, { status: 'voided', decidedBy: input.actorId, decidedAt: input.now });
  }
  const status = await settleMessageStatus(tx, {
    orgId: input.orgId,
    messageId: input.messageId,
    status: input.status,
    now: input.now,
    reopen: true,
  });
  await appendAudit(
    tx,
    { now: () => input.now },
    {
      orgId: input.orgId,
      actorId: input.actorId,
      actionType: 'approval_voided',
      entityType: 'investor_message',
      entityId: input.messageId,
      details: {
        message_id: input.messageId,
        previous_status: input.status,
        request_id: pending?.id ?? null,
        version: pending?.versionNumber ?? null,
      },
    },
  );
  return status;
}
