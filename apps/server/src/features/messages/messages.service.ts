import {
  type CreateMessageInput,
  createMessageInputSchema,
  INBOX_SEARCH_COUNT_CAP,
  type InboxTab,
  type ListMessagesResponse,
  MESSAGE_STATUSES,
  type Message,
  type MessageStatus,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import { computeSentiment, suggestTopics } from './message-nlp';
import {
  countMessagesByTab,
  findMessage,
  findProjectInOrg,
  insertMessage,
  listMessages,
  type MessageCursor,
  type MessageRow,
} from './messages.queries';

export type MessageDeps = { db: Db; clock: Clock };
export type MessageActor = { userId: string; orgId: string };

/** SPEC §3: a stored status the inbox does not know is shown as 'open'. */
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
  };
}

/**
 * SPEC §7 investor_messages write (Compose): the project must be one of the caller's organisation;
 * topics as given (normalised by the schema) or, if none, suggested from the text; sentiment
 * computed now; status 'open'; audited in the same transaction.
 */
export async function createMessage(
  deps: MessageDeps,
  actor: MessageActor,
  input: z.output<typeof createMessageInputSchema> | CreateMessageInput,
): Promise<Message> {
  const data = createMessageInputSchema.parse(input);
  const suggested = !data.topics || data.topics.length === 0;
  const topics = suggested ? suggestTopics(data.subject, data.body_text) : (data.topics ?? []);
  const sentiment = computeSentiment(data.subject, data.body_text);
  const now = deps.clock.now();

  const id = await deps.db.transaction(async (tx) => {
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
    await appendAudit(tx, deps.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'message_created',
      entityType: 'investor_message',
      entityId: messageId,
      details: { project_id: project.id, topics, topics_suggested: suggested, sentiment_score: sentiment },
    });
    await notifyOrg(tx, { type: 'message.created', orgId: actor.orgId, messageId });
    return messageId;
  });
  return getMessage(deps, actor.orgId, id);
}

export async function getMessage(deps: Pick<MessageDeps, 'db'>, orgId: string, id: string): Promise<Message> {
  const row = await findMessage(deps.db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toMessageDto(row);
}

function encodeCursor(row: MessageRow): string {
  return Buffer.from(`${row.createdAtKey}|${row.id}`).toString('base64url');
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeCursor(value: string): MessageCursor {
  const [at = '', id = ''] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!CURSOR_TIME_PATTERN.test(at) || Number.isNaN(Date.parse(at)) || !UUID_PATTERN.test(id)) {
    throw new AppError('VALIDATION_FAILED', { fields: { cursor: 'Not a cursor from this list' } });
  }
  return { createdAt: at, id };
}

/** SPEC §7 investor_messages read: one tab of the inbox, newest first, with every tab's count. */
export async function listMessagesPage(
  deps: Pick<MessageDeps, 'db'>,
  input: {
    orgId: string;
    tab: InboxTab;
    q?: string | undefined;
    projectId?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<ListMessagesResponse> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const [rows, { counts, capped }] = await Promise.all([
    listMessages(deps.db, { ...input, after }),
    countMessagesByTab(deps.db, { ...input, cap: INBOX_SEARCH_COUNT_CAP }),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toMessageDto),
    next_cursor: rows.length > input.limit && last ? encodeCursor(last) : null,
    counts,
    counts_capped: capped,
  };
}
