import { SSO_SCOPE } from '@parley/contracts';
import * as oidc from 'openid-client';
import type { Clock } from '../../lib/clock';

/**
 * The one place Parley talks OpenID Connect, through openid-client (docs/decisions/056-single-sign-on.md):
 * discovery, the authorization URL with PKCE (S256), state and nonce, and the code exchange, whose ID
 * token's signature, issuer, audience, expiry and nonce the library checks.
 */

/** How long a provider has to answer discovery or the token request. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export type OidcOptions = {
  /** SSO_ALLOW_INSECURE_ISSUER: an http:// issuer may be used (tests, a local provider). */
  allowInsecure: boolean;
  /** Parley's clock: the ID token's expiry is judged by it, not by the machine's. */
  clock: Clock;
};

export type OidcClientSettings = { issuer: string; clientId: string; clientSecret: string };

/** Why a provider's discovery was refused. */
export class OidcDiscoveryError extends Error {
  override name = 'OidcDiscoveryError';
}

/** The provider's metadata (.well-known/openid-configuration), checked by openid-client. */
export async function discoverProvider(
  settings: OidcClientSettings,
  options: OidcOptions,
): Promise<oidc.Configuration> {
  let url: URL;
  try {
    url = new URL(settings.issuer);
  } catch {
    throw new OidcDiscoveryError('the issuer is not a URL');
  }
  if (url.protocol !== 'https:' && !(options.allowInsecure && url.protocol === 'http:')) {
    throw new OidcDiscoveryError('the issuer must be https');
  }
  // openid-client judges times by Date.now() plus this skew: it follows the injected clock.
  const skew = Math.round((options.clock.now().getTime() - Date.now()) / 1000);
  const config = await oidc.discovery(
    url,
    settings.clientId,
    { client_secret: settings.clientSecret, [oidc.clockSkew]: skew },
    oidc.ClientSecretBasic(settings.clientSecret),
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  const metadata = config.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    throw new OidcDiscoveryError('the discovery document lacks the authorization, token or key endpoint');
  }
  return config;
}

/** What a flow keeps server-side: the state is handed to the provider, the rest never leaves Parley. */
export type FlowSecrets = { state: string; nonce: string; codeVerifier: string };

export function generateFlowSecrets(): FlowSecrets {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization URL for one flow: code flow, PKCE S256, state and nonce. */
export async function authorizationUrlOf(
  config: oidc.Configuration,
  input: FlowSecrets & { redirectUri: string; loginHint?: string },
): Promise<string> {
  const codeChallenge = await oidc.calculatePKCECodeChallenge(input.codeVerifier);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: SSO_SCOPE,
    state: input.state,
    nonce: input.nonce,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
  return url.href;
}

/** The ID token's claims after the code exchange. */
export type IdClaims = Record<string, unknown> & { iss: string; sub: string };

/**
 * Exchanges the code of the provider's redirect (`currentUrl`, as the browser arrived) for tokens and
 * returns the verified ID token's claims. Throws on anything the library refuses.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<IdClaims> {
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider returned no ID token');
  return claims as IdClaims;
}
