import type { ListOwnSessionsResponse, listOwnSessionsQuerySchema } from '@parley/contracts';
import type { z } from 'zod';
import { listLiveSessions, revokeOwnSession, type SessionContext } from '../../auth/sessions';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';

type SessionsContext = Pick<ServiceContext, 'db' | 'clock'>;

/** Settings: one's own live sessions, newest first, the current one marked. */
export async function listOwnSessions(
  ctx: SessionsContext,
  session: SessionContext,
  query: z.output<typeof listOwnSessionsQuerySchema>,
): Promise<ListOwnSessionsResponse> {
  const rows = await listLiveSessions(ctx.db, ctx.clock, {
    userId: session.userId,
    limit: query.limit + 1,
    after: query.cursor ? parseTimeCursor(query.cursor) : null,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      client_address: row.clientAddress,
      user_agent: row.userAgent,
      aal: row.aal,
      current: row.id === session.sessionId,
    })),
    next_cursor:
      rows.length > query.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** Signs out one of one's own live sessions (audited); any other id is a 404. */
export async function revokeOwnSessionById(
  ctx: SessionsContext,
  session: SessionContext,
  input: { id: string },
) {
  await ctx.db.transaction(async (tx) => {
    const revoked = await revokeOwnSession(tx, ctx.clock, { userId: session.userId, sessionId: input.id });
    if (!revoked) throw new AppError('NOT_FOUND');
    await appendAudit(tx, ctx.clock, {
      orgId: session.orgId,
      actorId: session.userId,
      actionType: 'session_revoked',
      entityType: 'session',
      entityId: revoked.id,
      details: { by_session_id: session.sessionId, is_current: revoked.id === session.sessionId },
    });
  });
}
