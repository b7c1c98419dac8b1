import { SSO_FLOW_MINUTES } from '@parley/contracts';
import type { ServiceContext } from '../../context';
import { sha256Hex } from '../../lib/crypto';
import { authorizationUrlOf, discoverProvider, generateFlowSecrets } from './oidc-client';
import { insertFlow, type ProviderRow } from './sso.queries';
import { clientSettingsOf, oidcOptionsOf } from './sso-provider.service';

export type FlowContext = Pick<
  ServiceContext,
  'db' | 'clock' | 'encryptionKey' | 'config' | 'logger' | 'appOrigin'
>;

/** Where the provider sends the browser back: one registered redirect URI per Parley installation. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

export function redirectUriOf(ctx: Pick<FlowContext, 'appOrigin'>) {
  return `${ctx.appOrigin}${SSO_CALLBACK_PATH}`;
}

const FLOW_MS = SSO_FLOW_MINUTES * 60_000;

/** A flow started: where to send the browser, and the state the browser must bring back (its cookie). */
export type StartedFlow = { url: string; state: string };

/**
 * Starts a sign-in or a link at the organisation's provider: the state (stored as its SHA-256), the
 * nonce and the PKCE verifier are kept server-side for 10 minutes, single-use; the browser gets the
 * provider's authorization URL. Throws when the provider cannot be discovered.
 */
export async function startFlow(
  ctx: FlowContext,
  provider: ProviderRow,
  input: { purpose: 'sign_in' | 'link'; userId: string | null; loginHint?: string },
): Promise<StartedFlow> {
  const config = await discoverProvider(clientSettingsOf(ctx, provider), oidcOptionsOf(ctx));
  const secrets = generateFlowSecrets();
  const now = ctx.clock.now();
  await insertFlow(ctx.db, {
    stateHash: sha256Hex(secrets.state),
    orgId: provider.orgId,
    purpose: input.purpose,
    userId: input.userId,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_MS),
  });
  const url = await authorizationUrlOf(config, {
    ...secrets,
    redirectUri: redirectUriOf(ctx),
    ...(input.loginHint ? { loginHint: input.loginHint } : {}),
  });
  return { url, state: secrets.state };
}
