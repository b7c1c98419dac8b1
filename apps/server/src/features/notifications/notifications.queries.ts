import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = {
  id: string;
  kind: string;
  messageId: string | null;
  libraryAnswerId: string | null;
  title: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
};

export async function insertNotifications(
  tx: Tx,
  values: (typeof notifications.$inferInsert)[],
): Promise<{ id: string; userId: string }[]> {
  if (values.length === 0) return [];
  return tx
    .insert(notifications)
    .values(values)
    .returning({ id: notifications.id, userId: notifications.userId });
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  messageId: notifications.messageId,
  libraryAnswerId: notifications.libraryAnswerId,
  title: notifications.title,
  body: notifications.body,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

/** One user's notifications, newest first, after the keyset cursor (created_at, id). */
export async function listUserNotifications(
  db: DbOrTx,
  input: { userId: string; orgId: string; limit: number; after?: { createdAt: Date; id: string } },
): Promise<NotificationRow[]> {
  const { after } = input;
  return db
    .select(columns)
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.orgId, input.orgId),
        after
          ? or(
              lt(notifications.createdAt, after.createdAt),
              and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit);
}

export async function countUnread(db: DbOrTx, input: { userId: string; orgId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.orgId, input.orgId),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** Marks one (or, without ids, every) unread notification of the user read; returns how many changed. */
export async function markRead(
  db: DbOrTx,
  input: { userId: string; orgId: string; ids?: string[]; messageId?: string; now: Date },
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: input.now })
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.orgId, input.orgId),
        isNull(notifications.readAt),
        input.ids ? inArray(notifications.id, input.ids) : undefined,
        input.messageId ? eq(notifications.messageId, input.messageId) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findUserNotification(
  db: DbOrTx,
  input: { userId: string; orgId: string; id: string },
): Promise<NotificationRow | null> {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(
      and(
        eq(notifications.id, input.id),
        eq(notifications.userId, input.userId),
        eq(notifications.orgId, input.orgId),
      ),
    )
    .limit(1);
  return row ?? null;
}
