import { createRoute, z } from '@hono/zod-openapi';
import {
  acceptInvitationInputSchema,
  bulkInvitationActionInputSchema,
  bulkInvitationActionResponseSchema,
  createInvitationInputSchema,
  createInvitationResponseSchema,
  deleteInvitationInputSchema,
  errorResponseSchema,
  invitationIdParamSchema,
  invitationLinkResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenInputSchema,
  listInvitationsQuerySchema,
  listInvitationsResponseSchema,
  type ResendInvitationResponse,
  resendInvitationResponseSchema,
  type SignInResponse,
  signInResponseSchema,
  verifyInviteInputSchema,
  verifyInviteResponseSchema,
} from '@parley/contracts';
import { setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, errorResponses, jsonResponse, type RouteDeps } from '../../http/router';
import { toSessionResponse, toSignInResponse } from '../auth/auth.service';
import {
  acceptInvitation,
  acceptInvitationAsMember,
  applyBulkInvitationAction,
  createInvitation,
  deleteInvitation,
  listInvitationsPage,
  mintInvitationLink,
  previewInvitation,
  ResendLimitError,
  resendInvitation,
  verifyInvite,
} from './invitations.service';

const body = <T extends z.ZodType>(schema: T, required = true) => ({
  body: { required, content: { 'application/json': { schema } } },
});
/** 410 is not among the shared helper's statuses: a link that can no longer be used. */
const gone = {
  410: jsonResponse(errorResponseSchema, 'The invitation was deleted, revoked, expired or accepted'),
};

const resendLimitResponseSchema = errorResponseSchema.extend({ resends_remaining: z.literal(0) });

const create = createRoute({
  method: 'post',
  path: '/api/invitations',
  summary: 'Invite an address with a role (docs/product.md §7 send-invitation); e-mails the link',
  request: body(createInvitationInputSchema),
  responses: {
    201: jsonResponse(
      createInvitationResponseSchema,
      'Created; email_sent says whether the mail left Parley',
    ),
    ...errorResponses(400, 401, 403, 409, 415),
  },
});

const list = createRoute({
  method: 'get',
  path: '/api/invitations',
  summary:
    'One tab of the manage list, newest first, with every tab’s count (docs/product.md §2 Invite user)',
  request: { query: listInvitationsQuerySchema },
  responses: { 200: jsonResponse(listInvitationsResponseSchema, 'A page'), ...errorResponses(400, 401, 403) },
});

const resend = createRoute({
  method: 'post',
  path: '/api/invitations/{id}/resend',
  summary: 'Resend with a fresh link (docs/product.md §7 resend-invite); capped per day (decision 007)',
  request: { params: invitationIdParamSchema },
  responses: {
    200: jsonResponse(resendInvitationResponseSchema, 'Resent'),
    429: jsonResponse(resendLimitResponseSchema, 'Daily resend cap reached'),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const link = createRoute({
  method: 'post',
  path: '/api/invitations/{id}/link',
  summary: 'Copy Link: mint a fresh link (the previous one stops working)',
  request: { params: invitationIdParamSchema },
  responses: {
    200: jsonResponse(invitationLinkResponseSchema, 'The new link'),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/api/invitations/{id}',
  summary: 'Soft-delete a pending invitation with an optional reason (docs/product.md §7 delete-invite)',
  request: { params: invitationIdParamSchema, ...body(deleteInvitationInputSchema, false) },
  responses: {
    200: jsonResponse(invitationSchema, 'Deleted'),
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const bulk = createRoute({
  method: 'post',
  path: '/api/invitations/bulk',
  summary:
    'Resend Selected / Delete Selected in one transaction; each id succeeds or fails as its single action would',
  request: body(bulkInvitationActionInputSchema),
  responses: {
    200: jsonResponse(bulkInvitationActionResponseSchema, 'What became of each invitation'),
    ...errorResponses(400, 401, 403, 415),
  },
});

const preview = createRoute({
  method: 'post',
  path: '/api/invitations/preview',
  summary: 'Who a link invites and whether it can still be used; consumes nothing',
  request: body(invitationTokenInputSchema),
  responses: {
    200: jsonResponse(invitationPreviewSchema, 'The invitation'),
    ...errorResponses(400, 404, 415),
  },
});

const accept = createRoute({
  method: 'post',
  path: '/api/invitations/accept',
  summary: 'A newcomer accepts (docs/product.md §7 accept_invitation): creates the account and signs in',
  request: body(acceptInvitationInputSchema),
  responses: {
    200: jsonResponse(signInResponseSchema, 'Accepted and signed in'),
    ...gone,
    ...errorResponses(400, 404, 409, 415),
  },
});

const acceptExisting = createRoute({
  method: 'post',
  path: '/api/invitations/accept-existing',
  summary: 'The signed-in user accepts an invitation sent to their own address',
  request: body(invitationTokenInputSchema),
  responses: {
    200: jsonResponse(signInResponseSchema, 'Accepted'),
    ...gone,
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const verify = createRoute({
  method: 'post',
  path: '/api/auth/verify-invite',
  summary: 'The invite check (docs/product.md §7 auth-verify-invite); limited per client address',
  request: body(verifyInviteInputSchema),
  responses: {
    200: jsonResponse(verifyInviteResponseSchema, 'The answer'),
    ...errorResponses(400, 415, 429),
  },
});

export function registerInvitationRoutes(api: ApiRouter, deps: RouteDeps) {
  const secure = deps.config.isHttps;

  api.openapi(create, async (c) => {
    const result = await createInvitation(deps, c.get('actor'), c.req.valid('json'));
    return c.json(result, 201);
  });

  api.openapi(list, async (c) => {
    const page = await listInvitationsPage(deps, c.get('actor'), c.req.valid('query'));
    return c.json(page, 200);
  });

  api.openapi(resend, async (c) => {
    try {
      const result: ResendInvitationResponse = await resendInvitation(
        deps,
        c.get('actor'),
        c.req.valid('param'),
      );
      return c.json(result, 200);
    } catch (error) {
      if (!(error instanceof ResendLimitError)) throw error;
      // docs/product.md §8: the failure toast adds ' (N remaining)' when resends_remaining is given.
      c.header('Retry-After', String(error.retryAfterSeconds));
      const limited = {
        error: { code: error.code, message: error.message, requestId: c.get('requestId') },
        resends_remaining: 0 as const,
      };
      return c.json(limited, 429);
    }
  });

  api.openapi(link, async (c) => {
    const result = await mintInvitationLink(deps, c.get('actor'), c.req.valid('param'));
    return c.json(result, 200);
  });

  api.openapi(remove, async (c) => {
    const invitation = await deleteInvitation(deps, c.get('actor'), {
      id: c.req.valid('param').id,
      reason: c.req.valid('json')?.reason,
    });
    return c.json(invitation, 200);
  });

  api.openapi(bulk, async (c) => {
    const result = await applyBulkInvitationAction(deps, c.get('actor'), c.req.valid('json'));
    return c.json(result, 200);
  });

  api.openapi(preview, async (c) => {
    return c.json(await previewInvitation(deps, c.req.valid('json')), 200);
  });

  api.openapi(accept, async (c) => {
    const result = await acceptInvitation(deps, { ...c.req.valid('json'), ...clientOf(c) });
    setSessionCookie(c, result, secure);
    return c.json(toSignInResponse(result), 200);
  });

  api.openapi(acceptExisting, async (c) => {
    await acceptInvitationAsMember(deps, c.get('actor'), c.req.valid('json'));
    // The guard let this session through, so it owes no MFA: the body is the session as it is.
    const response: SignInResponse = toSessionResponse(c.get('session'), c.get('role'));
    return c.json(response, 200);
  });

  api.openapi(verify, async (c) => {
    const { clientAddress } = clientOf(c);
    return c.json(await verifyInvite(deps, { email: c.req.valid('json').email, clientAddress }), 200);
  });
}
