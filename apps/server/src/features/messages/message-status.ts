import type { MessageStatus } from '@parley/contracts';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { aiResponses, investorMessages } from '../../db/schema';
import { notifyOrg } from '../../lib/realtime';

/**
 * The one writer of investor_messages.status (SPEC §4, issue 6). Every change is announced as
 * message.updated in the same transaction, so inboxes and open threads follow within a second.
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
 * checked version needs a director's approval, else `open` (SPEC §4; issue 6 point 4). Call it
 * after a check, a returned submission or a voided approval; it writes only when the status changes.
 */
export async function settleMessageStatus(tx: Tx, input: { orgId: string; messageId: string; now: Date }) {
  const [message] = await tx
    .select({ status: investorMessages.status })
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, input.orgId), eq(investorMessages.id, input.messageId)));
  if (!message || message.status === 'awaiting_approval' || message.status === 'resolved') {
    return message?.status ?? null;
  }
  const [checked] = await tx
    .select({ requiresApproval: aiResponses.requiresApproval })
    .from(aiResponses)
    .where(and(eq(aiResponses.messageId, input.messageId), isNotNull(aiResponses.complianceCheckedAt)))
    .orderBy(desc(aiResponses.complianceCheckedAt), desc(aiResponses.versionNumber))
    .limit(1);
  const status: MessageStatus = checked?.requiresApproval ? 'flagged' : 'open';
  if (message.status !== status) await setMessageStatus(tx, { ...input, status });
  return status;
}
