import {
  listNotificationsQuerySchema,
  listNotificationsResponseSchema,
  markNotificationsReadResponseSchema,
  messageIdParamSchema,
  notificationIdParamSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  markThreadNotificationsRead,
} from './notifications.service';

const list = apiRoute({
  method: 'get',
  path: '/api/notifications',
  summary: 'The caller’s own notifications, newest first, with the unread count',
  query: listNotificationsQuerySchema,
  ok: { status: 200, schema: listNotificationsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const read = apiRoute({
  method: 'post',
  path: '/api/notifications/{id}/read',
  summary: 'Mark one of the caller’s notifications read (another user’s is 404)',
  params: notificationIdParamSchema,
  ok: {
    status: 200,
    schema: markNotificationsReadResponseSchema,
    description: 'The unread count afterwards',
  },
  errors: [400, 401, 403, 404, 415],
});

const readAll = apiRoute({
  method: 'post',
  path: '/api/notifications/read-all',
  summary: 'Mark every notification of the caller read',
  ok: {
    status: 200,
    schema: markNotificationsReadResponseSchema,
    description: 'The unread count afterwards',
  },
  errors: [401, 403, 415],
});

const readThread = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/notifications/read',
  summary:
    'Mark the caller’s notifications about one message read (opening its thread); 404 for another organisation’s',
  params: messageIdParamSchema,
  ok: {
    status: 200,
    schema: markNotificationsReadResponseSchema,
    description: 'The unread count afterwards',
  },
  errors: [400, 401, 403, 404, 415],
});

export function registerNotificationRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listNotifications(deps, c.get('actor'), query), 200);
  });

  api.openapi(readAll, async (c) => {
    return c.json(await markAllNotificationsRead(deps, c.get('actor')), 200);
  });

  api.openapi(readThread, async (c) => {
    const messageId = c.req.valid('param').id;
    return c.json(await markThreadNotificationsRead(deps, c.get('actor'), { messageId }), 200);
  });
  api.openapi(read, async (c) => {
    return c.json(await markNotificationRead(deps, c.get('actor'), { id: c.req.valid('param').id }), 200);
  });
}
