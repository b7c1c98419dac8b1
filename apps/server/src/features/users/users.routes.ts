import { createRoute } from '@hono/zod-openapi';
import {
  adminUserSchema,
  changeUserRoleInputSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  userIdParamSchema,
} from '@parley/contracts';
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import { changeUserRole, deactivateUser, listMembers, reactivateUser } from './users.service';

const userResponse = {
  description: 'The member after the change',
  content: { 'application/json': { schema: adminUserSchema } },
};

const list = createRoute({
  method: 'get',
  path: '/api/users',
  summary: "The organisation's members by name, searchable by name or e-mail, one page at a time",
  request: { query: listUsersQuerySchema },
  responses: {
    200: { description: 'A page', content: { 'application/json': { schema: listUsersResponseSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

const changeRole = createRoute({
  method: 'patch',
  path: '/api/users/{id}/role',
  summary: "Change a member's role (audited); the last active admin keeps theirs",
  request: {
    params: userIdParamSchema,
    body: { required: true, content: { 'application/json': { schema: changeUserRoleInputSchema } } },
  },
  responses: { 200: userResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const deactivate = createRoute({
  method: 'post',
  path: '/api/users/{id}/deactivate',
  summary: 'Deactivate a member and revoke every session of theirs at once (audited)',
  request: { params: userIdParamSchema },
  responses: { 200: userResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const reactivate = createRoute({
  method: 'post',
  path: '/api/users/{id}/reactivate',
  summary: 'Let a deactivated member sign in again (audited)',
  request: { params: userIdParamSchema },
  responses: { 200: userResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
});

/** The Admin panel's user list and its changes; the organisation is always the session's. */
export function registerUserRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => {
    const page = await listMembers(deps, c.get('actor'), c.req.valid('query'));
    return c.json(page, 200);
  });

  api.openapi(changeRole, async (c) => {
    const user = await changeUserRole(deps, c.get('actor'), {
      userId: c.req.valid('param').id,
      role: c.req.valid('json').role,
    });
    return c.json(user, 200);
  });

  api.openapi(deactivate, async (c) => {
    const user = await deactivateUser(deps, c.get('actor'), { userId: c.req.valid('param').id });
    return c.json(user, 200);
  });

  api.openapi(reactivate, async (c) => {
    const user = await reactivateUser(deps, c.get('actor'), { userId: c.req.valid('param').id });
    return c.json(user, 200);
  });
}
