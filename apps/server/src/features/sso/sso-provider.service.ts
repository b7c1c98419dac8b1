import {
  type SaveSsoProviderInput,
  SSO_REQUIRED_TEXTS,
  SSO_TEXTS,
  type SsoProvider,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { deriveKey, openSecret, sealSecret } from '../../lib/secret-box';
import { findSsoRequirement } from '../sso-policy/sso-required';
import { discoverProvider, type OidcClientSettings } from './oidc-client';
import {
  deleteFlowsOfOrg,
  deleteProvider,
  findDomainsTakenElsewhere,
  findProvider,
  lockProviderDomains,
  type ProviderRow,
  upsertProvider,
} from './sso.queries';

type SsoContext = Pick<ServiceContext, 'db' | 'clock' | 'encryptionKey' | 'config' | 'logger'>;

/** The key client secrets are sealed with (its own purpose, apart from TOTP secrets). */
export const ssoSealingKey = (encryptionKey: Buffer) => deriveKey(encryptionKey, 'sso');

/** The provider's settings to talk to it, with the secret opened. */
export function clientSettingsOf(
  ctx: Pick<SsoContext, 'encryptionKey'>,
  row: ProviderRow,
): OidcClientSettings {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: openSecret(ssoSealingKey(ctx.encryptionKey), row.clientSecretSealed),
  };
}

export function oidcOptionsOf(ctx: Pick<SsoContext, 'config' | 'clock'>) {
  return { allowInsecure: ctx.config.ssoAllowInsecureIssuer, clock: ctx.clock };
}

/** The provider as the admin sees it: never the secret, only whether one is kept. */
function toSsoProvider(row: ProviderRow): SsoProvider {
  return {
    display_name: row.displayName,
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: row.clientSecretSealed.length > 0,
    allowed_domains: row.allowedDomains,
    email_claim: row.emailClaim,
    enabled: row.enabled,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit entry keeps of a provider: everything the admin sees, the secret never. */
function auditedOf(row: ProviderRow | null) {
  if (!row) return null;
  const { updated_at: _, ...rest } = toSsoProvider(row);
  return rest;
}

/** GET /api/security/sso. */
export async function getSsoProvider(
  ctx: Pick<SsoContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<SsoProvider | null> {
  const row = await findProvider(ctx.db, actor.orgId);
  return row ? toSsoProvider(row) : null;
}

/** An issuer as typed, without the trailing slash some admins add (discovery compares it exactly). */
function normalizeIssuer(issuer: string) {
  return issuer.endsWith('/') && new URL(issuer).pathname !== '/' ? issuer.slice(0, -1) : issuer;
}

/**
 * PUT /api/security/sso: creates or replaces the organisation's provider. The issuer must be https
 * (http only with SSO_ALLOW_INSECURE_ISSUER) and answer discovery as an OpenID Connect provider, else
 * 422 naming `issuer`; a domain another organisation allows is a 409 naming `allowed_domains`. The
 * secret is required on creation and kept when an update leaves it out. Audited with before and
 * after, minus the secret, in the write's transaction.
 */
export async function saveSsoProvider(
  ctx: SsoContext,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: SaveSsoProviderInput,
): Promise<SsoProvider> {
  const issuer = normalizeIssuer(input.issuer);
  if (!issuer.startsWith('https://') && !ctx.config.ssoAllowInsecureIssuer) {
    throw new AppError('VALIDATION_FAILED', { fields: { issuer: SSO_TEXTS.issuerNotHttps } });
  }
  const existing = await findProvider(ctx.db, actor.orgId);
  const key = ssoSealingKey(ctx.encryptionKey);
  const clientSecret =
    input.client_secret ?? (existing ? openSecret(key, existing.clientSecretSealed) : undefined);
  if (clientSecret === undefined) {
    throw new AppError('VALIDATION_FAILED', { fields: { client_secret: SSO_TEXTS.secretRequired } });
  }
  // Before any lock: a slow provider must not hold other admins' saves.
  await assertDomainsFree(ctx, actor.orgId, input.allowed_domains);
  try {
    await discoverProvider({ issuer, clientId: input.client_id, clientSecret }, oidcOptionsOf(ctx));
  } catch (error) {
    ctx.logger.warn('sso: the issuer failed discovery', {
      orgId: actor.orgId,
      issuer,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError('SSO_ISSUER_INVALID', { fields: { issuer: SSO_TEXTS.issuerUnreachable } });
  }

  return ctx.db.transaction(async (tx) => {
    await lockProviderDomains(tx);
    await assertDomainsFree({ db: tx }, actor.orgId, input.allowed_domains);
    const before = await findProvider(tx, actor.orgId, { lock: true });
    if (!input.enabled) await assertSsoNotRequired(tx, actor.orgId);
    const saved = await upsertProvider(tx, {
      orgId: actor.orgId,
      displayName: input.display_name,
      issuer,
      clientId: input.client_id,
      clientSecretSealed: sealSecret(key, clientSecret),
      allowedDomains: input.allowed_domains,
      emailClaim: input.email_claim,
      enabled: input.enabled,
      now: ctx.clock.now(),
    });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'sso_provider_saved',
      entityType: 'sso_provider',
      entityId: actor.orgId,
      details: {
        before: auditedOf(before),
        after: auditedOf(saved),
        client_secret_changed: input.client_secret !== undefined,
      },
    });
    return toSsoProvider(saved);
  });
}

/** The provider stays on while SSO is required: without it only the break-glass admin could sign in. */
async function assertSsoNotRequired(tx: DbOrTx, orgId: string) {
  if ((await findSsoRequirement(tx, orgId)).required) {
    throw new AppError('CONFLICT', { message: SSO_REQUIRED_TEXTS.providerInUse });
  }
}

async function assertDomainsFree(ctx: Pick<SsoContext, 'db'>, orgId: string, domains: string[]) {
  const taken = await findDomainsTakenElsewhere(ctx.db, orgId, domains);
  if (taken.length > 0) {
    throw new AppError('CONFLICT', {
      message: `${SSO_TEXTS.domainTaken} (${taken.join(', ')})`,
      fields: { allowed_domains: `${SSO_TEXTS.domainTaken} (${taken.join(', ')})` },
    });
  }
}

/**
 * DELETE /api/security/sso: removes the provider and any flow in flight. Linked identities stay (their
 * owners still see and may unlink them); they sign in with nothing until a provider of that issuer is
 * configured again. Audited with what was removed.
 */
export async function removeSsoProvider(ctx: SsoContext, actor: Pick<Actor, 'orgId' | 'userId'>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findProvider(tx, actor.orgId, { lock: true });
    if (!before) throw new AppError('NOT_FOUND', { message: SSO_TEXTS.noProvider });
    await assertSsoNotRequired(tx, actor.orgId);
    await deleteFlowsOfOrg(tx, actor.orgId);
    await deleteProvider(tx, actor.orgId);
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'sso_provider_removed',
      entityType: 'sso_provider',
      entityId: actor.orgId,
      details: { before: auditedOf(before) },
    });
  });
}
