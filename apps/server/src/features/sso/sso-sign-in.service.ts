import { type Role, resolveRole, type SsoDiscoveryResponse, type SsoErrorCode } from '@parley/contracts';
import { consumeAttempt, enforceLimit, type RateLimitRule } from '../../auth/rate-limit';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { sha256Hex } from '../../lib/crypto';
import { completeSignIn, type SignInResult } from '../auth/auth.service';
import { acceptInvitationBySso } from '../invitations/invitations.service';
import { findOrgMember, findSignInAccount } from '../users/users.service';
import { discoverProvider, exchangeCode, type IdClaims } from './oidc-client';
import {
  findEnabledProviderByDomain,
  findIdentityBySubject,
  findProvider,
  insertIdentity,
  type ProviderRow,
  takeFlow,
  touchIdentity,
} from './sso.queries';
import { type FlowContext, redirectUriOf, type StartedFlow, startFlow } from './sso-flow';
import { clientSettingsOf, oidcOptionsOf } from './sso-provider.service';

type Client = { clientAddress: string | null; userAgent: string | null };

/**
 * Flows started, and callbacks with an unknown state: 30 in 15 minutes per client address, as for the
 * invite check.
 */
export const SSO_LOOKUPS_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/**
 * The sign-in page asks once for each address typed: as many as password sign-ins an office behind one
 * address may make (SIGN_IN_PER_ADDRESS), three times over, so SSO users there never lose the button,
 * while one caller still cannot walk a long list of domains.
 */
export const SSO_DISCOVERIES_PER_ADDRESS: RateLimitRule = { limit: 300, windowSeconds: 15 * 60 };

/** Where the web app lands after a sign-in, and where it says what went wrong. */
export const SSO_SIGNED_IN_PATH = '/inbox';
export const ssoSignInErrorPath = (code: SsoErrorCode) => `/auth?sso_error=${code}`;
export const SSO_LINKED_PATH = '/settings?sso_linked=1';
export const ssoLinkErrorPath = (code: SsoErrorCode) => `/settings?sso_error=${code}`;

/** The domain of an address (lower-cased by the schema): what the provider is found by. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

async function limitLookups(ctx: FlowContext, clientAddress: string | null) {
  // Every request over TCP has an address; only in-process calls (tests, tools) have none.
  if (clientAddress) {
    await enforceLimit(ctx.db, ctx.clock, `sso:address:${clientAddress}`, SSO_LOOKUPS_PER_ADDRESS);
  }
}

async function limitDiscoveries(ctx: FlowContext, clientAddress: string | null) {
  if (clientAddress) {
    await enforceLimit(ctx.db, ctx.clock, `sso:discover:${clientAddress}`, SSO_DISCOVERIES_PER_ADDRESS);
  }
}

/**
 * GET /api/auth/sso: whether the address's domain signs in with an enabled provider, and where to
 * start. Only the button's name: never the organisation's name or id. It tells nothing about the
 * address itself (a domain has a provider or not), so it cannot be used to find accounts.
 */
export async function discoverSsoForEmail(
  ctx: FlowContext,
  input: { email: string; clientAddress: string | null },
): Promise<SsoDiscoveryResponse> {
  await limitDiscoveries(ctx, input.clientAddress);
  const provider = await findEnabledProviderByDomain(ctx.db, domainOf(input.email));
  if (!provider) return { sso: null };
  return {
    sso: {
      display_name: provider.displayName,
      start_url: `/api/auth/sso/start?email=${encodeURIComponent(input.email)}`,
    },
  };
}

/** Where a browser goes next: a path of the web app or the provider's authorization URL. */
export type SsoStart = { redirect: string; state: string | null };

/**
 * GET /api/auth/sso/start: a sign-in flow at the provider of the address's domain, the address passed
 * on as `login_hint`. No provider, or one that cannot be reached, sends the browser back to the
 * sign-in page with the reason.
 */
export async function startSsoSignIn(
  ctx: FlowContext,
  input: { email: string; clientAddress: string | null },
): Promise<SsoStart> {
  await limitLookups(ctx, input.clientAddress);
  const provider = await findEnabledProviderByDomain(ctx.db, domainOf(input.email));
  if (!provider) return { redirect: ssoSignInErrorPath('domain'), state: null };
  let flow: StartedFlow;
  try {
    flow = await startFlow(ctx, provider, { purpose: 'sign_in', userId: null, loginHint: input.email });
  } catch (error) {
    await recordFailure(ctx, {
      orgId: provider.orgId,
      reason: 'provider',
      clientAddress: input.clientAddress,
      issuer: provider.issuer,
      detail: messageOf(error),
    });
    return { redirect: ssoSignInErrorPath('provider'), state: null };
  }
  return { redirect: flow.url, state: flow.state };
}

/** What went wrong, for the audit entry: openid-client's message and the check under it (its cause). */
function messageOf(error: unknown) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const code = 'code' in error && typeof error.code === 'string' ? ` [${error.code}]` : '';
  return `${error.message}${cause}${code}`;
}

/**
 * sso_sign_in_failed with the reason: in the organisation's chain when the flow named one, else in the
 * system chain (an unknown state), like a sign-in with an unknown e-mail (decision 004).
 */
async function recordFailure(
  ctx: FlowContext,
  input: {
    orgId: string | null;
    reason: SsoErrorCode;
    clientAddress: string | null;
    userId?: string | null;
    issuer?: string;
    email?: string | null;
    purpose?: 'sign_in' | 'link';
    detail?: string;
  },
) {
  await ctx.db.transaction((tx) =>
    appendAudit(tx, ctx.clock, {
      orgId: input.orgId,
      actorId: input.userId ?? null,
      actionType: 'sso_sign_in_failed',
      entityType: 'user',
      entityId: input.userId ?? null,
      details: {
        reason: input.reason,
        purpose: input.purpose ?? 'sign_in',
        client_address: input.clientAddress,
        ...(input.issuer ? { issuer: input.issuer } : {}),
        ...(input.email ? { email: input.email } : {}),
        ...(input.detail ? { detail: input.detail.slice(0, 500) } : {}),
      },
    }),
  );
}

/** What the callback ends with: where the browser goes, and the session when one was opened. */
export type SsoCallbackOutcome = { redirect: string; session: SignInResult | null };

/** The e-mail the provider vouches for: the configured claim, unless it says the address is not verified. */
function verifiedEmailOf(claims: IdClaims, claim: string): string | null {
  const value = claims[claim];
  if (typeof value !== 'string' || !value.includes('@')) return null;
  if (claims.email_verified === false || claims.email_verified === 'false') return null;
  return value.trim().toLowerCase();
}

function nameOf(claims: IdClaims, email: string): string {
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  return name.length > 0 ? name.slice(0, 200) : email.slice(0, email.indexOf('@'));
}

type Refusal = { refused: SsoErrorCode; email?: string | null; userId?: string | null; detail?: string };
type Signed = { session: SignInResult };

/**
 * GET /api/auth/sso/callback: the provider's answer. The flow is taken by its state (deleted: a state,
 * and so a code, works once) and must be younger than 10 minutes and started in this browser (the
 * state cookie). openid-client exchanges the code with the PKCE verifier and checks the ID token
 * (signature, issuer, audience, expiry, nonce). Then a sign-in stays invite-only: the identity's user if
 * it is linked; else an active member of the provider's organisation with the address, or a pending
 * invitation of that organisation, which is accepted — anyone else is refused. Every outcome is audited.
 */
export async function completeSsoCallback(
  ctx: FlowContext,
  input: Client & { search: string; state: string | undefined; browserState: string | undefined },
): Promise<SsoCallbackOutcome> {
  // A made-up state costs nothing to send: these count against the address's lookups, and past the
  // limit only the first refusal is recorded, so a script cannot flood the system chain.
  const failUnknownState = async (detail: string): Promise<SsoCallbackOutcome> => {
    const outcome = { redirect: ssoSignInErrorPath('state'), session: null };
    if (input.clientAddress) {
      const bucket = `sso:address:${input.clientAddress}`;
      const counted = await consumeAttempt(ctx.db, ctx.clock, bucket, SSO_LOOKUPS_PER_ADDRESS);
      if (!counted.allowed && !counted.firstRefusal) return outcome;
    }
    await recordFailure(ctx, { orgId: null, reason: 'state', clientAddress: input.clientAddress, detail });
    return outcome;
  };
  if (!input.state) return failUnknownState('no state');
  const flow = await takeFlow(ctx.db, sha256Hex(input.state));
  if (!flow) return failUnknownState('unknown state');
  const errorPath = flow.purpose === 'link' ? ssoLinkErrorPath : ssoSignInErrorPath;
  const fail = async (refusal: Refusal, issuer?: string) => {
    await recordFailure(ctx, {
      orgId: flow.orgId,
      reason: refusal.refused,
      clientAddress: input.clientAddress,
      userId: refusal.userId ?? flow.userId,
      purpose: flow.purpose,
      ...(issuer ? { issuer } : {}),
      ...(refusal.email ? { email: refusal.email } : {}),
      ...(refusal.detail ? { detail: refusal.detail } : {}),
    });
    return { redirect: errorPath(refusal.refused), session: null };
  };
  if (flow.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    return fail({ refused: 'state', detail: 'expired' });
  }
  // Login CSRF: a callback URL made in another browser (someone else's code) is not accepted here.
  if (input.browserState !== input.state) {
    return fail({ refused: 'state', detail: 'started in another browser' });
  }

  const provider = await findProvider(ctx.db, flow.orgId);
  if (!provider?.enabled) return fail({ refused: 'provider', detail: 'no enabled provider' });
  let claims: IdClaims;
  try {
    const config = await discoverProvider(clientSettingsOf(ctx, provider), oidcOptionsOf(ctx));
    const currentUrl = new URL(`${redirectUriOf(ctx)}${input.search}`);
    claims = await exchangeCode(config, currentUrl, {
      state: input.state,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
    });
  } catch (error) {
    return fail({ refused: 'provider', detail: messageOf(error) }, provider.issuer);
  }
  // Identities are keyed by the issuer the ID token names (openid-client checked it is the provider's).
  const issuer = claims.iss;

  if (flow.purpose === 'link') {
    if (!flow.userId) return fail({ refused: 'state', detail: 'a link flow without its user' }, issuer);
    const outcome = await linkIdentity(ctx, provider, { userId: flow.userId, issuer, claims });
    if ('refused' in outcome) return fail(outcome, issuer);
    return { redirect: SSO_LINKED_PATH, session: null };
  }

  const outcome = await ctx.db.transaction(async (tx): Promise<Refusal | Signed> => {
    const decision = await findSignInUser(tx, ctx, provider, { issuer, claims });
    if ('refused' in decision) return decision;
    const now = ctx.clock.now();
    if (decision.identityId) await touchIdentity(tx, decision.identityId, now);
    else {
      await insertIdentity(tx, {
        userId: decision.user.id,
        orgId: provider.orgId,
        issuer,
        subject: claims.sub,
        email: decision.user.email,
        now,
      });
    }
    const session = await completeSignIn(tx, ctx.clock, {
      user: decision.user,
      orgId: provider.orgId,
      role: decision.role,
      method: 'sso',
      clientAddress: input.clientAddress,
      userAgent: input.userAgent,
    });
    await appendAudit(tx, ctx.clock, {
      orgId: provider.orgId,
      actorId: decision.user.id,
      actionType: 'sso_sign_in',
      entityType: 'user',
      entityId: decision.user.id,
      details: {
        method: 'sso',
        issuer,
        subject: claims.sub,
        identity: decision.identityId ? 'linked' : 'linked_now',
        invitation_accepted: decision.invitationAccepted,
        mfa: session.mfa,
        client_address: input.clientAddress,
      },
    });
    return { session };
  });
  if ('refused' in outcome) return fail(outcome, issuer);
  return { redirect: SSO_SIGNED_IN_PATH, session: outcome.session };
}

type SignInUser = {
  user: { id: string; email: string; name: string };
  role: Role;
  /** The identity already linked, or null when this sign-in links it. */
  identityId: string | null;
  invitationAccepted: boolean;
};

/**
 * Who signs in: the user the identity (issuer, subject) is linked to, first; else, by the verified
 * e-mail of an allowed domain, an active member of the provider's organisation, or the newcomer a
 * pending invitation of that organisation becomes. Nobody else (invite-only).
 */
async function findSignInUser(
  tx: Tx,
  ctx: FlowContext,
  provider: ProviderRow,
  input: { issuer: string; claims: IdClaims },
): Promise<SignInUser | Refusal> {
  const identity = await findIdentityBySubject(tx, input.issuer, input.claims.sub);
  const email = identity ? identity.userEmail : verifiedEmailOf(input.claims, provider.emailClaim);
  if (!email) return { refused: 'email_missing' };
  if (!identity && !provider.allowedDomains.includes(domainOf(email))) return { refused: 'domain', email };

  const account = await findSignInAccount(tx, email);
  if (!account) {
    if (identity) return { refused: 'not_invited', email };
    const accepted = await acceptInvitationBySso(tx, ctx.clock, {
      orgId: provider.orgId,
      email,
      name: nameOf(input.claims, email),
      issuer: input.issuer,
    });
    if (!accepted) return { refused: 'not_invited', email };
    return {
      user: { id: accepted.userId, email, name: nameOf(input.claims, email) },
      role: accepted.role,
      identityId: null,
      invitationAccepted: true,
    };
  }
  // A member of another organisation is a stranger here: the provider vouches for its own only.
  if (account.orgId !== provider.orgId) return { refused: 'not_invited', email, userId: null };
  if (account.status !== 'active') return { refused: 'deactivated', email, userId: account.id };
  const role = resolveRole(account.roles);
  if (role === null) return { refused: 'not_invited', email, userId: account.id, detail: 'no role' };
  return {
    user: { id: account.id, email: account.email, name: account.name ?? account.email },
    role,
    identityId: identity?.id ?? null,
    invitationAccepted: false,
  };
}

/**
 * The end of a link flow: the identity (issuer, subject) is linked to the user who started it, who must
 * still be an active member of the provider's organisation. An identity linked to someone else is
 * refused; one already linked to this user is just used.
 */
async function linkIdentity(
  ctx: FlowContext,
  provider: ProviderRow,
  input: { userId: string; issuer: string; claims: IdClaims },
): Promise<{ linked: true } | Refusal> {
  return ctx.db.transaction(async (tx): Promise<{ linked: true } | Refusal> => {
    const now = ctx.clock.now();
    const member = await findOrgMember(tx, provider.orgId, input.userId);
    if (member?.status !== 'active') return { refused: 'deactivated', userId: input.userId };
    const existing = await findIdentityBySubject(tx, input.issuer, input.claims.sub);
    if (existing && existing.userId !== input.userId) {
      return { refused: 'identity_taken', detail: 'linked to another account' };
    }
    if (existing) {
      await touchIdentity(tx, existing.id, now);
      return { linked: true };
    }
    const email = verifiedEmailOf(input.claims, provider.emailClaim);
    if (!email) return { refused: 'email_missing' };
    const id = await insertIdentity(tx, {
      userId: input.userId,
      orgId: provider.orgId,
      issuer: input.issuer,
      subject: input.claims.sub,
      email,
      now,
    });
    if (!id) return { refused: 'identity_taken', detail: 'linked concurrently' };
    await appendAudit(tx, ctx.clock, {
      orgId: provider.orgId,
      actorId: input.userId,
      actionType: 'sso_identity_linked',
      entityType: 'user_identity',
      entityId: id,
      details: { issuer: input.issuer, subject: input.claims.sub, email },
    });
    return { linked: true };
  });
}
