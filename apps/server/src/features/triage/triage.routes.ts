import {
  bulkMessagesInputSchema,
  bulkMessagesResponseSchema,
  messageIdParamSchema,
  messageSchema,
  setMessageOwnerInputSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { bulkChangeMessages, setMessageOwner } from './triage.service';

const setOwner = apiRoute({
  method: 'put',
  path: '/api/messages/{id}/owner',
  summary: 'Give a message to a member of the organisation to look after, or to nobody (null)',
  params: messageIdParamSchema,
  body: setMessageOwnerInputSchema,
  ok: { status: 200, schema: messageSchema, description: 'The message with its new owner' },
  errors: [400, 401, 403, 404, 415],
});

const bulk = apiRoute({
  method: 'post',
  path: '/api/messages/bulk',
  summary: 'Resolve, reopen or assign up to 100 messages at once, all or nothing',
  body: bulkMessagesInputSchema,
  ok: { status: 200, schema: bulkMessagesResponseSchema, description: 'The messages changed' },
  errors: [400, 401, 403, 404, 409, 415],
});

/** The inbox's triage writes (docs/product.md §2 Inbox; docs/decisions/050-triage-unread-and-owner.md). */
export function registerTriageRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(setOwner, async (c) => {
    const { id } = c.req.valid('param');
    const { owner_id } = c.req.valid('json');
    return c.json(await setMessageOwner(deps, c.get('actor'), { id, ownerId: owner_id }), 200);
  });

  api.openapi(bulk, async (c) => {
    return c.json(await bulkChangeMessages(deps, c.get('actor'), c.req.valid('json')), 200);
  });
}
