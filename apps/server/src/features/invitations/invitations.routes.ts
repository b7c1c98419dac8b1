import { z } from '@hono/zod-openapi';
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
import { type ApiRouter, apiRoute, jsonResponse, type RouteDeps } from '../../http/router';
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

/** 410 is not among the shared helper's statuses: a link that can no longer be used. */
const gone = {
  410: jsonResponse(errorResponseSchema, 'The invitation was deleted, revoked, expired or accepted'),
};

const resendLimitResponseSchema = errorResponseSchema.extend({ resends_remaining: z.literal(0) });

const create = apiRoute({
  method: 'post',
  path: '/api/invitations',
  summary: 'Invite an address with a role (docs/product.md §7 send-invitation); e-mails the link',
  body: createInvitationInputSchema,
  ok: {
    status: 201,
    schema: createInvitationResponseSchema,
    description: 'Created; email_sent says whether the mail left Parley',
  },
  errors: [400, 401, 403, 409, 415, 429],
});

const list = apiRoute({
  method: 'get',
  path: '/api/invitations',
  summary:
    'One tab of the manage list, newest first, with every tab’s count (docs/product.md §2 Invite user)',
  query: listInvitationsQuerySchema,
  ok: { status: 200, schema: listInvitationsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const resend = apiRoute({
  method: 'post',
  path: '/api/invitations/{id}/resend',
  summary: 'Resend with a fresh link (docs/product.md §7 resend-invite); capped per day (decision 007)',
  params: invitationIdParamSchema,
  ok: { status: 200, schema: resendInvitationResponseSchema, description: 'Resent' },
  errors: [400, 401, 403, 404, 409, 415],
  responses: { 429: jsonResponse(resendLimitResponseSchema, 'Daily resend cap reached') },
});

const link = apiRoute({
  method: 'post',
  path: '/api/invitations/{id}/link',
  summary: 'Copy Link: mint a fresh link (the previous one stops working)',
  params: invitationIdParamSchema,
  ok: { status: 200, schema: invitationLinkResponseSchema, description: 'The new link' },
  errors: [400, 401, 403, 404, 409, 415, 429],
});

const remove = apiRoute({
  method: 'delete',
  path: '/api/invitations/{id}',
  summary: 'Soft-delete a pending invitation with an optional reason (docs/product.md §7 delete-invite)',
  params: invitationIdParamSchema,
  body: deleteInvitationInputSchema,
  bodyRequired: false,
  ok: { status: 200, schema: invitationSchema, description: 'Deleted' },
  errors: [400, 401, 403, 404, 409, 415],
});

const bulk = apiRoute({
  method: 'post',
  path: '/api/invitations/bulk',
  summary:
    'Resend Selected / Delete Selected in one transaction; each id succeeds or fails as its single action would',
  body: bulkInvitationActionInputSchema,
  ok: {
    status: 200,
    schema: bulkInvitationActionResponseSchema,
    description: 'What became of each invitation',
  },
  errors: [400, 401, 403, 415],
});

const preview = apiRoute({
  method: 'post',
  path: '/api/invitations/preview',
  summary: 'Who a link invites and whether it can still be used; consumes nothing',
  body: invitationTokenInputSchema,
  ok: { status: 200, schema: invitationPreviewSchema, description: 'The invitation' },
  errors: [400, 404, 415],
});

const accept = apiRoute({
  method: 'post',
  path: '/api/invitations/accept',
  summary: 'A newcomer accepts (docs/product.md §7 accept_invitation): creates the account and signs in',
  body: acceptInvitationInputSchema,
  ok: { status: 200, schema: signInResponseSchema, description: 'Accepted and signed in' },
  errors: [400, 404, 409, 415],
  responses: gone,
});

const acceptExisting = apiRoute({
  method: 'post',
  path: '/api/invitations/accept-existing',
  summary: 'The signed-in user accepts an invitation sent to their own address',
  body: invitationTokenInputSchema,
  ok: { status: 200, schema: signInResponseSchema, description: 'Accepted' },
  errors: [400, 401, 403, 404, 409, 415],
  responses: gone,
});

const verify = apiRoute({
  method: 'post',
  path: '/api/auth/verify-invite',
  summary:
    'The invite check (docs/product.md §7 auth-verify-invite): the same answer for every address; limited per client address',
  body: verifyInviteInputSchema,
  ok: { status: 200, schema: verifyInviteResponseSchema, description: 'The answer' },
  errors: [400, 415, 429],
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
    // The address is validated and then not looked at: the answer is the same for every one.
    c.req.valid('json');
    return c.json(await verifyInvite(deps, { clientAddress: clientOf(c).clientAddress }), 200);
  });
}
