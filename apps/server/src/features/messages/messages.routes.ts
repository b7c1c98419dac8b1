import { createRoute, type z } from '@hono/zod-openapi';
import {
  createMessageInputSchema,
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageIdParamSchema,
  messageSchema,
} from '@parley/contracts';
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import { createMessage, getMessage, listMessagesPage } from './messages.service';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const create = createRoute({
  method: 'post',
  path: '/api/messages',
  summary: 'Compose: record an investor message (sentiment computed, topics suggested when none given)',
  request: {
    body: { required: true, content: { 'application/json': { schema: createMessageInputSchema } } },
  },
  responses: { 201: json(messageSchema, 'Created'), ...errorResponses(400, 401, 403, 415) },
});

const list = createRoute({
  method: 'get',
  path: '/api/messages',
  summary: 'One inbox tab, newest first, searched by investor name or subject, with every tab’s count',
  request: { query: listMessagesQuerySchema },
  responses: { 200: json(listMessagesResponseSchema, 'A page'), ...errorResponses(400, 401, 403) },
});

const show = createRoute({
  method: 'get',
  path: '/api/messages/{id}',
  summary: 'One message of the caller’s organisation, with its project name',
  request: { params: messageIdParamSchema },
  responses: { 200: json(messageSchema, 'The message'), ...errorResponses(400, 401, 403, 404) },
});

export function registerMessageRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(create, async (c) => {
    const message = await createMessage(deps, c.get('actor'), c.req.valid('json'));
    return c.json(message, 201);
  });

  api.openapi(list, async (c) => {
    const page = await listMessagesPage(deps, c.get('actor'), c.req.valid('query'));
    return c.json(page, 200);
  });

  api.openapi(show, async (c) => {
    const message = await getMessage(deps, c.get('actor'), c.req.valid('param'));
    return c.json(message, 200);
  });
}
