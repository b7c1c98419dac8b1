import {
  type createMessageInputSchema,
  hasCapability,
  INBOX_SEARCH_COUNT_CAP,
  type ListMessagesResponse,
  type listMessagesQuerySchema,
  MESSAGE_ASSIGNEES_MAX,
  MESSAGE_STATUSES,
  type Message,
  type MessageAssigneesResponse,
  type MessageBadgesResponse,
  type MessageCountsResponse,
  type MessageStatus,
  type messageCountsQuerySchema,
  UNREAD_BADGE_CAP,
  UNREAD_COUNT_WINDOW,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { encodeCursor, invalidCursor, isUuid, parseCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { deleteComposeDraft } from '../compose-drafts/compose-drafts.service';
import { computeSentiment, suggestTopics } from './message-nlp';
import {
  countSearchMatchesByTab,
  countUnreadMessages,
  findMessage,
  findProjectInOrg,
  insertMessage,
  listActiveMembers,
  listMessages,
  type MessageCursor,
  type MessageRow,
  readTabCounts,
} from './messages.queries';
import { recordThreadRead } from './thread-opens';

/** Compose's fields as the route's schema leaves them (trimmed, topics normalised). */
export type CreateMessageData = z.output<typeof createMessageInputSchema>;
export type MessagesPageQuery = z.output<typeof listMessagesQuerySchema>;
export type MessageCountsData = z.output<typeof messageCountsQuerySchema>;

/** docs/product.md §3: a stored status the inbox does not know is shown as 'open'. */
export function toMessageStatus(status: string): MessageStatus {
  return (MESSAGE_STATUSES as readonly string[]).includes(status) ? (status as MessageStatus) : 'open';
}

export function toMessageDto(row: MessageRow): Message {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.projectName,
    investor_name: row.investorName,
    investor_email: row.investorEmail,
    subject: row.subject,
    body_text: row.bodyText,
    topics: row.topics,
    sentiment_score: row.sentimentScore,
    status: toMessageStatus(row.status),
    created_at: row.createdAt.toISOString(),
    owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? '' } : null,
    unread: !row.isRead,
    thread_id: row.threadId,
    source: row.source,
    sender_unknown: row.senderUnknown,
  };
}

/**
 * docs/product.md §7 investor_messages write (Compose): the project must be one of the caller's organisation;
 * topics as given (normalised by the schema) or, if none, suggested from the text; sentiment
 * computed now; status 'open'; audited in the same transaction.
 */
export async function createMessage(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  data: CreateMessageData,
): Promise<Message> {
  const suggested = !data.topics || data.topics.length === 0;
  const topics = suggested ? suggestTopics(data.subject, data.body_text) : (data.topics ?? []);
  const sentiment = await computeSentiment(data.subject, data.body_text);
  const now = ctx.clock.now();

  const id = await ctx.db.transaction(async (tx) => {
    const project = await findProjectInOrg(tx, actor.orgId, data.project_id);
    if (!project) {
      throw new AppError('VALIDATION_FAILED', { fields: { project_id: 'Choose one of your projects' } });
    }
    const messageId = await insertMessage(tx, {
      orgId: actor.orgId,
      projectId: project.id,
      investorName: data.investor_name,
      investorEmail: data.investor_email,
      subject: data.subject,
      bodyText: data.body_text,
      topics,
      sentimentScore: sentiment,
      status: 'open',
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'message_created',
      entityType: 'investor_message',
      entityId: messageId,
      details: { project_id: project.id, topics, topics_suggested: suggested, sentiment_score: sentiment },
    });
    await notifyOrg(tx, { type: 'message.created', orgId: actor.orgId, messageId, threadId: messageId });
    // The form is logged, so its unfinished copy has nothing left to keep.
    await deleteComposeDraft(tx, actor);
    return messageId;
  });
  return getMessage(ctx, actor, { id });
}

export async function getMessage(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string },
): Promise<Message> {
  const row = await findMessage(ctx.db, { orgId: actor.orgId, id: input.id, viewerId: actor.userId });
  if (!row) throw new AppError('NOT_FOUND');
  return toMessageDto(row);
}

/**
 * GET /api/messages/:id: a thread, as its reader opens it. Reading investor correspondence is an access
 * examiners ask about, so the read is recorded (recordThreadRead: one entry per opening, not per
 * refresh), and the message is read for this member from now on (unread state, decision 050); a message
 * of another organisation is a 404 and records nothing.
 */
export async function openMessage(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string; sessionId: string },
): Promise<Message> {
  const row = await findMessage(ctx.db, { orgId: actor.orgId, id: input.id, viewerId: actor.userId });
  if (!row) throw new AppError('NOT_FOUND');
  await recordThreadRead(ctx, actor, {
    messageId: row.id,
    projectId: row.projectId,
    sessionId: input.sessionId,
  });
  // The reader has it in front of them: the answer says it is read (the row above was read before).
  return toMessageDto({ ...row, isRead: true });
}

const CURSOR_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** created_at keeps PostgreSQL's microseconds (`createdAtKey`), so two rows of one millisecond stay apart. */
function encodeMessageCursor(row: MessageRow): string {
  return encodeCursor([row.createdAtKey, row.id]);
}

function parseMessageCursor(value: string): MessageCursor {
  const [at = '', id = ''] = parseCursor(value, 2);
  if (!CURSOR_TIME_PATTERN.test(at) || Number.isNaN(Date.parse(at)) || !isUuid(id)) throw invalidCursor();
  return { createdAt: at, id };
}

/**
 * docs/product.md §7 investor_messages read: one tab of the inbox, newest first. Without a search every tab's
 * count comes along (a few rows of investor_message_counts); under a search the page leaves them to
 * GET /api/messages/counts, so it never waits for them (docs/decisions/016-inbox-tab-counts.md).
 */
export async function listMessagesPage(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  query: MessagesPageQuery,
): Promise<ListMessagesResponse> {
  const after = query.cursor ? parseMessageCursor(query.cursor) : null;
  const filter = { orgId: actor.orgId, q: query.q, projectId: query.project_id };
  const [rows, counts] = await Promise.all([
    listMessages(ctx.db, { ...filter, viewerId: actor.userId, tab: query.tab, limit: query.limit, after }),
    filter.q ? null : readTabCounts(ctx.db, filter),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toMessageDto),
    next_cursor: rows.length > query.limit && last ? encodeMessageCursor(last) : null,
    counts,
  };
}

/** Every tab's count under the inbox's search and fund filter; a search counts each tab up to the cap. */
export async function countMessagesPage(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  query: MessageCountsData,
): Promise<MessageCountsResponse> {
  const filter = { orgId: actor.orgId, q: query.q, projectId: query.project_id };
  if (!filter.q) return { counts: await readTabCounts(ctx.db, filter), counts_capped: [] };
  const { counts, capped } = await countSearchMatchesByTab(ctx.db, {
    ...filter,
    q: filter.q,
    cap: INBOX_SEARCH_COUNT_CAP,
  });
  return { counts, counts_capped: capped };
}

/**
 * The sidebar's and the bell's counts for the caller: unread messages still to be dealt with (bounded:
 * UNREAD_COUNT_WINDOW per status, shown up to UNREAD_BADGE_CAP), and for a reviewer the messages awaiting
 * approval, one row of investor_message_counts (docs/decisions/050-triage-unread-and-owner.md).
 */
export async function readMessageBadges(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'userId' | 'orgId' | 'role'>,
): Promise<MessageBadgesResponse> {
  const mayReview = hasCapability(actor.role, 'approvals.review');
  const [unread, counts] = await Promise.all([
    countUnreadMessages(ctx.db, { orgId: actor.orgId, userId: actor.userId, window: UNREAD_COUNT_WINDOW }),
    mayReview ? readTabCounts(ctx.db, { orgId: actor.orgId }) : null,
  ]);
  return {
    unread: Math.min(unread, UNREAD_BADGE_CAP),
    unread_capped: unread > UNREAD_BADGE_CAP,
    approvals_waiting: counts ? counts.awaiting_approval : null,
  };
}

/** The members a message may be given to: the organisation's active members, by name. */
export async function listMessageAssignees(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<MessageAssigneesResponse> {
  const rows = await listActiveMembers(ctx.db, { orgId: actor.orgId, limit: MESSAGE_ASSIGNEES_MAX });
  return { items: rows.map((row) => ({ id: row.id, name: row.name ?? row.email })) };
}
