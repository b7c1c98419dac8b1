import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { continueThreadReading, markMessageRead, startThreadReading } from './messages.queries';

/**
 * How long a session may leave a thread before reading it again counts as opening it again
 * (docs/decisions/032-recording-thread-opens.md): the session idle timeout, so a reading never
 * outlives the idleness that would end the session itself.
 */
export const THREAD_READING_IDLE_MINUTES = 30;

/**
 * Records that the caller read an investor thread: the message is read for them from now on (decision
 * 050), and an audit entry (message_opened) when the read opens it, nothing more than a moved timestamp
 * when it is a refresh of a reading under way (a realtime update, a refocused window). One short
 * transaction: the common refresh is one UPDATE and one INSERT that finds its row and writes nothing.
 */
export async function recordThreadRead(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { messageId: string; projectId: string | null; sessionId: string },
): Promise<{ opened: boolean }> {
  const now = ctx.clock.now();
  const read = {
    sessionId: input.sessionId,
    messageId: input.messageId,
    now,
    idleSince: new Date(now.getTime() - THREAD_READING_IDLE_MINUTES * 60_000),
  };
  return ctx.db.transaction(async (tx) => {
    await markMessageRead(tx, { userId: actor.userId, messageId: input.messageId, orgId: actor.orgId, now });
    if (await continueThreadReading(tx, read)) return { opened: false };
    if (!(await startThreadReading(tx, read))) return { opened: false };
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'message_opened',
      entityType: 'investor_message',
      entityId: input.messageId,
      // Ids only: the log is append-only, so it must not copy the investor's words or address
      // (docs/decisions/032-recording-thread-opens.md).
      details: { project_id: input.projectId, session_id: input.sessionId },
    });
    return { opened: true };
  });
}
