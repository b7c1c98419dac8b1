import {
  adminUserSchema,
  changeUserRoleInputSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  userIdParamSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { changeUserRole, deactivateUser, listMembers, reactivateUser } from './users.service';

const userResponse = { schema: adminUserSchema, description: 'The member after the change' };

const list = apiRoute({
  method: 'get',
  path: '/api/users',
  summary: "The organisation's members by name, searchable by name or e-mail, one page at a time",
  query: listUsersQuerySchema,
  ok: { status: 200, schema: listUsersResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const changeRole = apiRoute({
  method: 'patch',
  path: '/api/users/{id}/role',
  summary: "Change a member's role (audited); the last active admin keeps theirs",
  params: userIdParamSchema,
  body: changeUserRoleInputSchema,
  ok: { status: 200, ...userResponse },
  errors: [400, 401, 403, 404, 409, 415],
});

const deactivate = apiRoute({
  method: 'post',
  path: '/api/users/{id}/deactivate',
  summary: 'Deactivate a member and revoke every session of theirs at once (audited)',
  params: userIdParamSchema,
  ok: { status: 200, ...userResponse },
  errors: [400, 401, 403, 404, 409, 415],
});

const reactivate = apiRoute({
  method: 'post',
  path: '/api/users/{id}/reactivate',
  summary: 'Let a deactivated member sign in again (audited)',
  params: userIdParamSchema,
  ok: { status: 200, ...userResponse },
  errors: [400, 401, 403, 404, 409, 415],
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
