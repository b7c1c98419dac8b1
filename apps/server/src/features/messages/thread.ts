import { THREAD_MESSAGES_MAX, type ThreadEntry, type ThreadResponse } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import { toAttachment } from './message-attachments';
import { toMessageStatus } from './messages.service';
import {
  countThreadMessages,
  findThreadOf,
  listMessageAttachments,
  listSentReplies,
  listThreadMessages,
} from './thread.queries';

/** Messages come before a reply stamped with the same millisecond: a reply answers what came before it. */
const KIND_ORDER = { message: 0, reply: 1 } as const;

/**
 * GET /api/messages/:id/thread (docs/decisions/058-inbound-email.md): the thread of any of its messages,
 * oldest first — at most THREAD_MESSAGES_MAX messages, the newest, `omitted` counting the rest — with
 * the replies Parley sent to each at the time they were approved, and each message's attachments.
 * Five statements at most whatever the thread's length. Another organisation's message is a 404.
 * Not audited: the thread is read beside GET /api/messages/:id, whose opening is recorded (decision 032).
 */
export async function getThread(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { messageId: string },
): Promise<ThreadResponse> {
  const threadId = await findThreadOf(ctx.db, { orgId: actor.orgId, messageId: input.messageId });
  if (!threadId) throw new AppError('NOT_FOUND');
  const scope = { orgId: actor.orgId, threadId };
  // One row past the page says whether there are more, so a short thread is never counted.
  const newestFirst = await listThreadMessages(ctx.db, { ...scope, limit: THREAD_MESSAGES_MAX + 1 });
  const shown = newestFirst.slice(0, THREAD_MESSAGES_MAX).reverse();
  const messageIds = shown.map((m) => m.id);
  const [total, replies, attachments] = await Promise.all([
    newestFirst.length > THREAD_MESSAGES_MAX ? countThreadMessages(ctx.db, scope) : shown.length,
    listSentReplies(ctx.db, { orgId: actor.orgId, messageIds }),
    listMessageAttachments(ctx.db, { orgId: actor.orgId, messageIds }),
  ]);
  const latest = shown.find((m) => m.threadLatest) ?? shown.at(-1);
  if (!latest) throw new AppError('NOT_FOUND');

  const attachmentsOf = new Map<string, ReturnType<typeof toAttachment>[]>();
  for (const row of attachments) {
    attachmentsOf.set(row.messageId, [...(attachmentsOf.get(row.messageId) ?? []), toAttachment(row)]);
  }
  const timed: { time: number; order: number; entry: ThreadEntry }[] = [
    ...shown.map((m, order) => ({
      time: m.createdAt.getTime(),
      order,
      entry: {
        kind: 'message' as const,
        at: m.createdAt.toISOString(),
        message: {
          id: m.id,
          investor_name: m.investorName,
          investor_email: m.investorEmail,
          subject: m.subject,
          body_text: m.bodyText,
          created_at: m.createdAt.toISOString(),
          source: m.source,
          sender_unknown: m.senderUnknown,
          status: toMessageStatus(m.status),
          attachments: attachmentsOf.get(m.id) ?? [],
        },
      },
    })),
    ...replies.map((r, order) => ({
      time: r.approvedAt.getTime(),
      order,
      entry: {
        kind: 'reply' as const,
        at: r.approvedAt.toISOString(),
        reply: {
          id: r.id,
          message_id: r.messageId,
          text: r.finalResponse ?? r.aiDraft,
          approved_at: r.approvedAt.toISOString(),
          approved_by: r.approvedByName,
        },
      },
    })),
  ];
  // Messages keep the database's order (microseconds, then id) among themselves; so do replies.
  timed.sort(
    (a, b) => a.time - b.time || KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] || a.order - b.order,
  );
  return {
    thread_id: threadId,
    latest_message_id: latest.id,
    entries: timed.map((t) => t.entry),
    omitted: Math.max(0, total - shown.length),
  };
}
