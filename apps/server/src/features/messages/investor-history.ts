import {
  INVESTOR_HISTORY_COUNT_CAP,
  INVESTOR_HISTORY_LIMIT,
  type InvestorHistoryResponse,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import {
  countInvestorMessages,
  findLastContact,
  findLastSentReplies,
  listInvestorMessages,
} from './investor-history.queries';
import { findInvestorType } from './investor-type-lookup';
import { findMessage } from './messages.queries';
import { toMessageStatus } from './messages.service';

/**
 * GET /api/messages/:id/investor: the thread's investor panel (docs/product.md §2 Message detail) —
 * the investor's other messages in the caller's organisation (by address, any case), newest first, with
 * the reply last sent to each, and the last contact. Another organisation's message is a 404, and
 * another organisation's messages from the same address never appear.
 */
export async function getInvestorHistory(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: { messageId: string },
): Promise<InvestorHistoryResponse> {
  const message = await findMessage(ctx.db, {
    orgId: actor.orgId,
    id: input.messageId,
    viewerId: actor.userId,
  });
  if (!message) throw new AppError('NOT_FOUND');
  const investor = { orgId: actor.orgId, email: message.investorEmail, exceptId: message.id };
  const [rows, total, contact, type] = await Promise.all([
    listInvestorMessages(ctx.db, { ...investor, limit: INVESTOR_HISTORY_LIMIT }),
    countInvestorMessages(ctx.db, { ...investor, cap: INVESTOR_HISTORY_COUNT_CAP }),
    findLastContact(ctx.db, investor),
    findInvestorType(ctx.db, actor.orgId, message.investorEmail),
  ]);
  const replies = await findLastSentReplies(ctx.db, {
    orgId: actor.orgId,
    messageIds: rows.map((row) => row.id),
  });
  const replyOf = new Map(replies.map((reply) => [reply.messageId, reply]));
  // The thread's own message is one received, so there is always a last contact.
  const received = contact.lastReceived ?? message.createdAt;
  const lastContact =
    contact.lastReplied && contact.lastReplied > received
      ? { at: contact.lastReplied.toISOString(), kind: 'reply_sent' as const }
      : { at: received.toISOString(), kind: 'message_received' as const };
  return {
    investor_email: message.investorEmail,
    messages: rows.map((row) => {
      const reply = replyOf.get(row.id);
      return {
        id: row.id,
        subject: row.subject,
        project_name: row.projectName,
        status: toMessageStatus(row.status),
        created_at: row.createdAt.toISOString(),
        last_reply: reply
          ? {
              version: reply.versionNumber,
              sent_at: reply.sentAt.toISOString(),
              approved_by_name: reply.approvedByName,
            }
          : null,
      };
    }),
    total: Math.min(total, INVESTOR_HISTORY_COUNT_CAP),
    total_is_capped: total > INVESTOR_HISTORY_COUNT_CAP,
    last_contact: lastContact,
    investor_type: type.type,
    investor_type_set: type.isSet,
  };
}
