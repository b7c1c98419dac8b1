import type { ListOwnSessionsResponse } from '@parley/contracts';
import { listLiveSessions, revokeOwnSession, type SessionContext } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

type Deps = { db: Db; clock: Clock };

/** The cursor is the last row's created_at and id, opaque to the client. */
function encodeCursor(row: { createdAt: Date; id: string }) {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const invalid = () => new AppError('VALIDATION_FAILED', { fields: { cursor: 'Invalid cursor' } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string')
    throw invalid();
  const createdAt = new Date(parsed[0]);
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(parsed[1])) throw invalid();
  return { createdAt, id: parsed[1] };
}

/** Settings (issue 4): one's own live sessions, newest first, the current one marked. */
export async function listOwnSessions(
  deps: Deps,
  session: SessionContext,
  query: { limit: number; cursor?: string | undefined },
): Promise<ListOwnSessionsResponse> {
  const rows = await listLiveSessions(deps.db, deps.clock, {
    userId: session.userId,
    limit: query.limit + 1,
    after: query.cursor ? decodeCursor(query.cursor) : null,
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
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/** Signs out one of one's own live sessions (audited); any other id is a 404. */
export async function revokeOwnSessionById(deps: Deps, session: SessionContext, sessionId: string) {
  await deps.db.transaction(async (tx) => {
    const revoked = await revokeOwnSession(tx, deps.clock, { userId: session.userId, sessionId });
    if (!revoked) throw new AppError('NOT_FOUND');
    await appendAudit(tx, deps.clock, {
      orgId: session.orgId,
      actorId: session.userId,
      actionType: 'session_revoked',
      entityType: 'session',
      entityId: revoked.id,
      details: { by_session_id: session.sessionId, is_current: revoked.id === session.sessionId },
    });
  });
}
