import type {
  ListNotificationsResponse,
  MarkNotificationsReadResponse,
  Notification,
  NotificationKind,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import type { EmailDeps } from '../email/email.service';
import { queueEmail } from '../email/email.service';
import type { EmailContent } from '../email/email-layout';
import { getMessage } from '../messages/messages.service';
import {
  countUnread,
  findUserNotification,
  insertNotifications,
  listUserNotifications,
  markRead,
  type NotificationRow,
} from './notifications.queries';
import type { NotificationRecipient } from './recipients';

export type NotifyInput = {
  orgId: string;
  recipients: readonly Pick<
    NotificationRecipient,
    'userId' | 'email' | 'wantsApprovalEmails' | 'wantsComplianceEmails'
  >[];
  kind: NotificationKind;
  messageId: string | null;
  /** The library answer a reminder is about (docs/decisions/028-answer-library.md). */
  libraryAnswerId?: string | null;
  title: string;
  body: string;
  /**
   * The e-mail for recipients whose notify_approval_requests setting is on — or, for a draft with
   * flags that need a director (`isFlagged`), whose notify_compliance_flags is; null for in-app only.
   */
  email: EmailContent | null;
  isFlagged?: boolean;
  /** A notice about the recipient's own account's security: e-mailed whatever their settings. */
  isSecurityNotice?: boolean;
  now: Date;
};

/**
 * Inside the caller's transaction: one in-app notification per recipient (announced to that user's
 * streams only), and the e-mail queued for those whose settings allow it. Returns the outbox ids
 * the caller delivers after commit.
 */
export async function notifyMembers(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: NotifyInput,
): Promise<string[]> {
  const rows = await insertNotifications(
    tx,
    input.recipients.map((recipient) => ({
      orgId: input.orgId,
      userId: recipient.userId,
      kind: input.kind,
      messageId: input.messageId,
      libraryAnswerId: input.libraryAnswerId ?? null,
      title: input.title,
      body: input.body,
      createdAt: input.now,
    })),
  );
  for (const row of rows) {
    await notifyOrg(tx, {
      type: 'notification.created',
      orgId: input.orgId,
      userId: row.userId,
      notificationId: row.id,
    });
  }
  const outboxIds: string[] = [];
  if (input.email) {
    for (const recipient of input.recipients) {
      const wantsEmail =
        input.isSecurityNotice === true ||
        recipient.wantsApprovalEmails ||
        (input.isFlagged === true && recipient.wantsComplianceEmails);
      if (!wantsEmail) continue;
      const { outboxId, isSuppressed } = await queueEmail(tx, deps, {
        orgId: input.orgId,
        to: recipient.email,
        template: input.kind,
        category: 'transactional',
        content: input.email,
      });
      if (!isSuppressed) outboxIds.push(outboxId);
    }
  }
  return outboxIds;
}

function toDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as Notification['kind'],
    message_id: row.messageId,
    library_answer_id: row.libraryAnswerId,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** Notifications are one's own: every read and write is scoped by the caller's user and organisation. */
type Reader = Pick<Actor, 'userId' | 'orgId'>;

/** GET /api/notifications: one's own, newest first, with the unread count. */
export async function listNotifications(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Reader,
  input: { limit: number; cursor?: string | undefined },
): Promise<ListNotificationsResponse> {
  const reader = { userId: actor.userId, orgId: actor.orgId };
  const after = input.cursor ? parseTimeCursor(input.cursor) : undefined;
  const rows = await listUserNotifications(ctx.db, {
    ...reader,
    limit: input.limit + 1,
    ...(after ? { after: { createdAt: after.at, id: after.id } } : {}),
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDto),
    next_cursor:
      rows.length > input.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
    unread_count: await countUnread(ctx.db, reader),
  };
}

/** POST /api/notifications/:id/read: 404 for anyone else's notification; reading twice is fine. */
export async function markNotificationRead(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Reader,
  input: { id: string },
): Promise<MarkNotificationsReadResponse> {
  const reader = { userId: actor.userId, orgId: actor.orgId };
  if (!(await findUserNotification(ctx.db, { ...reader, id: input.id }))) throw new AppError('NOT_FOUND');
  await markRead(ctx.db, { ...reader, ids: [input.id], now: ctx.clock.now() });
  return { unread_count: await countUnread(ctx.db, reader) };
}

export async function markAllNotificationsRead(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Reader,
): Promise<MarkNotificationsReadResponse> {
  const reader = { userId: actor.userId, orgId: actor.orgId };
  await markRead(ctx.db, { ...reader, now: ctx.clock.now() });
  return { unread_count: await countUnread(ctx.db, reader) };
}

/**
 * Opening a thread reads its notifications: the caller's own about that message, nobody else's. A
 * message that is not the caller's organisation's is a 404, as every id-taking route answers.
 */
export async function markThreadNotificationsRead(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Reader,
  input: { messageId: string },
): Promise<MarkNotificationsReadResponse> {
  const reader = { userId: actor.userId, orgId: actor.orgId };
  await getMessage(ctx, actor, { id: input.messageId });
  await markRead(ctx.db, { ...reader, messageId: input.messageId, now: ctx.clock.now() });
  return { unread_count: await countUnread(ctx.db, reader) };
}
