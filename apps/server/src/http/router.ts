import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { errorResponseSchema } from '@parley/contracts';
import type { ServiceContext } from '../context';
import type { RealtimeHub } from '../features/realtime/realtime.hub';
import type { RealtimeTiming } from '../features/realtime/realtime-timing';
import type { AppEnv } from './env';
import { validationHook } from './errors';

export type ApiRouter = OpenAPIHono<AppEnv>;

/**
 * What route modules receive: the services' context plus the per-process realtime pieces. Injected,
 * so tests run the real thing with their own clock and mail server.
 */
export type RouteDeps = ServiceContext & {
  /** The process's one LISTEN on realtime events, fanned out to the open event streams. */
  realtime: RealtimeHub;
  /** Heartbeat and session re-check intervals of event streams (tests shorten them). */
  realtimeTiming?: RealtimeTiming;
};

export function createApiRouter(): ApiRouter {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** A JSON response of a route's OpenAPI definition. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body of a route's OpenAPI definition. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** The error envelope as an OpenAPI response, for the statuses a route can answer with. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429)[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: 'Error envelope', content: { 'application/json': { schema: errorResponseSchema } } },
    ]),
  );
}
