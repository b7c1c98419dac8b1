import {
  identityIdParamSchema,
  listLinkedIdentitiesResponseSchema,
  saveSsoProviderInputSchema,
  ssoCallbackQuerySchema,
  ssoDiscoveryResponseSchema,
  ssoEmailQuerySchema,
  ssoProviderResponseSchema,
  ssoProviderSchema,
  startIdentityLinkResponseSchema,
} from '@parley/contracts';
import { setSessionCookie } from '../../auth/session-cookie';
import { clientOf } from '../../http/client-address';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { listLinkedIdentities, startIdentityLink, unlinkIdentity } from './sso-identities.service';
import { getSsoProvider, removeSsoProvider, saveSsoProvider } from './sso-provider.service';
import { completeSsoCallback, discoverSsoForEmail, startSsoSignIn } from './sso-sign-in.service';
import { clearSsoStateCookie, readSsoStateCookie, setSsoStateCookie } from './sso-state-cookie';

const redirect = (description: string) => ({ 302: { description } });

const readProvider = apiRoute({
  method: 'get',
  path: '/api/security/sso',
  summary: "The organisation's OpenID Connect provider, without its client secret, or null",
  ok: { status: 200, schema: ssoProviderResponseSchema, description: 'The provider, or null' },
  errors: [401, 403],
});

const saveProvider = apiRoute({
  method: 'put',
  path: '/api/security/sso',
  summary:
    'Create or replace the provider; the issuer is discovered at save (422 naming issuer), domains are one organisation’s (409)',
  body: saveSsoProviderInputSchema,
  ok: { status: 200, schema: ssoProviderSchema, description: 'The provider as saved' },
  errors: [400, 401, 403, 409, 415, 422],
});

const removeProvider = apiRoute({
  method: 'delete',
  path: '/api/security/sso',
  summary: 'Remove the provider (linked identities stay until their owners unlink them)',
  ok: { status: 204, description: 'Removed' },
  errors: [401, 403, 404, 415],
});

const discover = apiRoute({
  method: 'get',
  path: '/api/auth/sso',
  summary: "Whether the e-mail's domain signs in with a provider: the button's name and its start URL",
  query: ssoEmailQuerySchema,
  ok: { status: 200, schema: ssoDiscoveryResponseSchema, description: 'The provider, or null' },
  errors: [400, 429],
});

const start = apiRoute({
  method: 'get',
  path: '/api/auth/sso/start',
  summary:
    "Navigate here to sign in: redirects to the provider of the e-mail's domain (or to /auth?sso_error=…)",
  query: ssoEmailQuerySchema,
  errors: [400, 429],
  responses: redirect("To the provider's authorization endpoint, or back to /auth with sso_error"),
});

const callback = apiRoute({
  method: 'get',
  path: '/api/auth/sso/callback',
  summary:
    "The provider's redirect: signs in (302 to /inbox) or links (302 to /settings?sso_linked=1); failures 302 with sso_error",
  query: ssoCallbackQuerySchema,
  errors: [400],
  responses: redirect('To /inbox, /settings?sso_linked=1, or /auth or /settings with sso_error'),
});

const listIdentities = apiRoute({
  method: 'get',
  path: '/api/auth/identities',
  summary: "The signed-in user's identities linked at the organisation's provider",
  ok: { status: 200, schema: listLinkedIdentitiesResponseSchema, description: 'The identities' },
  errors: [401, 403],
});

const linkIdentity = apiRoute({
  method: 'post',
  path: '/api/auth/identities/link',
  summary: "Start linking an identity: navigate to the URL returned (the provider's sign-in)",
  ok: { status: 200, schema: startIdentityLinkResponseSchema, description: 'Where to send the browser' },
  errors: [401, 403, 404, 415, 422],
});

const unlink = apiRoute({
  method: 'delete',
  path: '/api/auth/identities/{id}',
  summary: 'Unlink one of one’s own identities (409 when it is the last way to sign in)',
  params: identityIdParamSchema,
  ok: { status: 204, description: 'Unlinked' },
  errors: [400, 401, 403, 404, 409, 415],
});

/** Single sign-on (docs/decisions/056-single-sign-on.md): the admin's provider, the flow, one's identities. */
export function registerSsoRoutes(api: ApiRouter, deps: RouteDeps) {
  const secure = deps.config.isHttps;

  api.openapi(readProvider, async (c) => c.json(await getSsoProvider(deps, c.get('actor')), 200));

  api.openapi(saveProvider, async (c) =>
    c.json(await saveSsoProvider(deps, c.get('actor'), c.req.valid('json')), 200),
  );

  api.openapi(removeProvider, async (c) => {
    await removeSsoProvider(deps, c.get('actor'));
    return c.body(null, 204);
  });

  api.openapi(discover, async (c) => {
    const { email } = c.req.valid('query');
    return c.json(await discoverSsoForEmail(deps, { email, ...clientOf(c) }), 200);
  });

  api.openapi(start, async (c) => {
    const { email } = c.req.valid('query');
    const started = await startSsoSignIn(deps, { email, ...clientOf(c) });
    if (started.state) setSsoStateCookie(c, started.state, secure);
    return c.redirect(started.redirect, 302);
  });

  api.openapi(callback, async (c) => {
    const outcome = await completeSsoCallback(deps, {
      ...clientOf(c),
      search: new URL(c.req.url).search,
      state: c.req.valid('query').state,
      browserState: readSsoStateCookie(c, secure),
    });
    clearSsoStateCookie(c, secure);
    if (outcome.session) setSessionCookie(c, outcome.session, secure);
    return c.redirect(outcome.redirect, 302);
  });

  api.openapi(listIdentities, async (c) => c.json(await listLinkedIdentities(deps, c.get('actor')), 200));

  api.openapi(linkIdentity, async (c) => {
    const started = await startIdentityLink(deps, c.get('actor'));
    setSsoStateCookie(c, started.state, secure);
    return c.json({ url: started.url }, 200);
  });

  api.openapi(unlink, async (c) => {
    await unlinkIdentity(deps, c.get('actor'), c.req.valid('param'));
    return c.body(null, 204);
  });
}
