import { streamSSE } from 'hono/streaming';
import { readSessionCookie } from '../../auth/session-cookie';
import { findActiveSession } from '../../auth/sessions';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { DEFAULT_REALTIME_TIMING } from './realtime-timing';

/**
 * GET /api/events: a server-sent-events stream of the caller's organisation's
 * changes — {type, messageId, version?}, ids only — with a heartbeat comment, closed once the
 * session is revoked, expires or the client goes away.
 */
const events = apiRoute({
  method: 'get',
  path: '/api/events',
  summary: "The caller's organisation's changes as server-sent events (ids only)",
  errors: [401, 403],
  responses: { 200: { description: 'A text/event-stream of {type, messageId, version?} events' } },
});

export function registerRealtimeRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(events, async (c) => {
    // A listener that cannot start is an error response, not a stream that closes at once.
    await deps.realtime.start();
    const session = c.get('session');
    const token = readSessionCookie(c, deps.config.isHttps);
    const timing = deps.realtimeTiming ?? DEFAULT_REALTIME_TIMING;
    // Proxies (nginx and alike) must pass each event on at once.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      stream.onAbort(() => finish());

      const unsubscribe = await deps.realtime.subscribe(
        session.orgId,
        (event) => {
          stream.writeSSE({ data: JSON.stringify(event) }).catch(() => finish());
        },
        session.userId,
      );
      const heartbeat = setInterval(() => {
        stream.write(': heartbeat\n\n').catch(() => finish());
      }, timing.heartbeatMs);
      const sessionCheck = setInterval(() => {
        const live = token ? findActiveSession(deps.db, deps.clock, token) : Promise.resolve(null);
        live
          .then((current) => {
            if (current?.mfa !== 'none') finish(); // revoked, expired or no longer complete
          })
          .catch(() => finish());
      }, timing.sessionCheckMs);
      try {
        // Tells the client the subscription is in place (EventSource ignores comments).
        await stream.write(': connected\n\n');
        await finished;
      } finally {
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
      }
    });
  });
}
