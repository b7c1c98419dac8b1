import { createRoute, OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import { errorResponseSchema, findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@parley/contracts';
import type { MiddlewareHandler } from 'hono';
import type { ServiceContext } from '../context';
import type { RealtimeHub } from '../features/realtime/realtime.hub';
import type { RealtimeTiming } from '../features/realtime/realtime-timing';
import { AppError } from '../lib/errors';
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

/** A JSON request body of a route's OpenAPI definition (required unless `apiRoute` says otherwise). */
function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** The statuses a route can answer with the error envelope. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

type ErrorResponse = ReturnType<typeof jsonResponse<typeof errorResponseSchema>>;

/** The error envelope as an OpenAPI response, for the statuses a route can answer with. */
function errorResponses<const S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, jsonResponse(errorResponseSchema, 'Error envelope')]),
  ) as { [K in S]: ErrorResponse };
}

/** A field name as the validator names it (`fieldsOf`): the path, or `body` for the whole body. */
function fieldName(prefix: (string | number)[], path: (string | number)[]): string {
  const full = [...prefix, ...path];
  return full.length > 0 ? full.join('.') : 'body';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const NOT_UTF8_MESSAGE = 'The body is not valid UTF-8';

/** The parsed JSON, or nothing when it is malformed (the validator answers that). */
function parseJson(text: string): { parsed: unknown } | undefined {
  try {
    return { parsed: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * The string rule (packages/contracts storable-text.ts) over a route's raw input, before its schemas
 * run: path parameters, every query value and the decoded JSON body. Every `apiRoute` carries it, so a
 * new field cannot forget it, and it names the field whatever else is wrong with the request. A body
 * whose content type is not JSON, or that does not parse, is left to the validator, which answers it.
 */
function refuseUnstorableText(hasJsonBody: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const fields: Record<string, string> = {};
    const refuse = (value: unknown, prefix: (string | number)[]) => {
      const path = findUnstorableText(value);
      if (path) fields[fieldName(prefix, path)] ??= UNSTORABLE_TEXT_MESSAGE;
    };
    for (const [name, value] of Object.entries(c.req.param() as Record<string, string>))
      refuse(value, [name]);
    for (const [name, values] of Object.entries(c.req.queries())) {
      refuse(name, ['query']);
      for (const value of values) refuse(value, [name]);
    }
    if (hasJsonBody && /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
      // JSON is UTF-8 (RFC 8259): bytes that are not are refused, not replaced by U+FFFD. The validator
      // reads the same body from Hono's cache.
      const bytes = await c.req.arrayBuffer();
      let text: string;
      try {
        text = strictUtf8.decode(bytes);
      } catch {
        throw new AppError('VALIDATION_FAILED', { fields: { body: NOT_UTF8_MESSAGE } });
      }
      const body = parseJson(text);
      if (body) refuse(body.parsed, []);
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
    await next();
  };
}

type RouteParameter = NonNullable<RouteConfig['request']>['params'];

/** The success answer of a route: a JSON body, or none (204, or a 200 with no body). */
type OkResponse =
  | { status: 200 | 201; schema: z.ZodType; description: string }
  | { status: 200 | 204; schema?: never; description: string };

type OkResponses<O> = O extends { status: infer S extends number; schema: infer T extends z.ZodType }
  ? { [K in S]: ReturnType<typeof jsonResponse<T>> }
  : O extends { status: infer S extends number; description: string }
    ? { [K in S]: { description: string } }
    : NoPart;

/** A part of the route's definition it does not have. */
type NoPart = Record<never, never>;

type RouteRequest<Params, Query, Body> = (Params extends z.ZodType ? { params: Params } : NoPart) &
  (Query extends z.ZodType ? { query: Query } : NoPart) &
  (Body extends z.ZodType ? { body: ReturnType<typeof jsonBody<Body>> } : NoPart);

/**
 * One API route's OpenAPI definition: its path parameters, query and JSON body (validated before the
 * handler runs), its success answer, the statuses it answers with the error envelope, and any other
 * answers (`responses`). The result keeps the types `c.req.valid(…)` and `c.json(body, status)` check.
 */
export function apiRoute<
  const M extends RouteConfig['method'],
  const P extends string,
  Params extends RouteParameter = undefined,
  Query extends RouteParameter = undefined,
  Body extends z.ZodType | undefined = undefined,
  const O extends OkResponse | undefined = undefined,
  const E extends ErrorStatus = never,
  const X extends RouteConfig['responses'] = NoPart,
>(spec: {
  method: M;
  path: P;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** A body the client may leave out. */
  bodyRequired?: false;
  ok?: O;
  errors: readonly E[];
  responses?: X;
}) {
  const { method, path, summary, params, query, body, bodyRequired = true, ok, errors, responses } = spec;
  const request = {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body: { ...jsonBody(body), required: bodyRequired } } : {}),
  };
  const okResponse =
    ok && (ok.schema ? jsonResponse(ok.schema, ok.description) : { description: ok.description });
  const config = {
    method,
    path,
    summary,
    middleware: [refuseUnstorableText(body !== undefined)],
    ...(Object.keys(request).length > 0 ? { request } : {}),
    responses: { ...(ok ? { [ok.status]: okResponse } : {}), ...errorResponses(...errors), ...responses },
  };
  // The conditional request and response types resolve per route, where `api.openapi` checks them.
  return createRoute(config) as unknown as {
    method: M;
    path: P;
    summary: string;
    request: RouteRequest<Params, Query, Body>;
    responses: OkResponses<O> & { [K in E]: ErrorResponse } & X;
  };
}
