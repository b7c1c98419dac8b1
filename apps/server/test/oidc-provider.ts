import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

/** An account at the test provider: the claims its ID tokens carry. */
export type ProviderAccount = {
  email?: string;
  email_verified?: boolean | string;
  name?: string;
};

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 and a free port, for the single sign-on
 * tests: one confidential client whose redirect URI is Parley's callback, accounts the test controls
 * (`setAccount`), and a login that needs no form: its interaction page signs in the account chosen with
 * `loginAs` and grants the scopes asked. `completeLogin(url)` walks a browser's redirects from the
 * authorization URL to the callback URL, with the provider's cookies, and returns the callback URL.
 * Knobs: `idTokenTtlSeconds` (for expired tokens).
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
  idTokenTtlSeconds?: number;
  /** Let the process end while the provider listens (a provider nobody closes). */
  unref?: boolean;
}) {
  const clientId = options.clientId ?? 'parley-test';
  const clientSecret = options.clientSecret ?? 'parley-test-secret-0123456789abcdef';
  const accounts = new Map<string, ProviderAccount>();
  let loginSubject: string | null = null;

  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['parley-test-cookie-key'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The scopes' claims go into the ID token itself, which is what Parley reads.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 600,
      IdToken: options.idTokenTtlSeconds ?? 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    renderError: (ctx: { type: string; body: string }, out: Record<string, unknown>) => {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(out);
    },
  });

  /** The interaction page: signs in the chosen account and grants what the client asked. */
  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (!loginSubject) {
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'no account chosen',
      });
      return;
    }
    const grant = new provider.Grant({ accountId: loginSubject, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: loginSubject }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const handle = provider.callback();
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // A provider shared by a whole test process (sharedOidcProvider) must not keep it alive.
  if (options.unref) server.unref();

  /**
   * Follows the provider's redirects from `authorizationUrl` as a browser would (its own cookie jar)
   * until they leave the provider; returns that URL: Parley's callback with code and state (or error).
   */
  async function completeLogin(authorizationUrl: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hops = 0; hops < 10; hops++) {
      if (!url.startsWith(issuer)) return url;
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
      url = new URL(location, url).href;
    }
    throw new Error('the provider redirected too often');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    /** Adds or changes an account (its subject and the claims its tokens carry). */
    setAccount(subject: string, account: ProviderAccount) {
      accounts.set(subject, account);
    },
    /** The account the next login signs in; null makes the login fail with access_denied. */
    loginAs(subject: string | null) {
      loginSubject = subject;
    },
    completeLogin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
