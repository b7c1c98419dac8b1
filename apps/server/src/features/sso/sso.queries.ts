import { and, arrayOverlaps, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ssoFlows, ssoProviders, userIdentities, users } from '../../db/schema';

const providerColumns = {
  orgId: ssoProviders.orgId,
  displayName: ssoProviders.displayName,
  issuer: ssoProviders.issuer,
  clientId: ssoProviders.clientId,
  clientSecretSealed: ssoProviders.clientSecretSealed,
  allowedDomains: ssoProviders.allowedDomains,
  emailClaim: ssoProviders.emailClaim,
  enabled: ssoProviders.enabled,
  updatedAt: ssoProviders.updatedAt,
};

export type ProviderRow = {
  orgId: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
  allowedDomains: string[];
  emailClaim: string;
  enabled: boolean;
  updatedAt: Date;
};

/** The organisation's provider; `lock` takes it FOR UPDATE for a save or a removal. */
export async function findProvider(
  db: DbOrTx,
  orgId: string,
  options: { lock?: boolean } = {},
): Promise<ProviderRow | null> {
  const query = db.select(providerColumns).from(ssoProviders).where(eq(ssoProviders.orgId, orgId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The enabled provider that allows an e-mail domain: `allowed_domains && array[domain]` uses the GIN
 * index. A domain belongs to at most one organisation (checked at save), so there is one or none.
 */
export async function findEnabledProviderByDomain(db: DbOrTx, domain: string): Promise<ProviderRow | null> {
  const [row] = await db
    .select(providerColumns)
    .from(ssoProviders)
    .where(and(eq(ssoProviders.enabled, true), arrayOverlaps(ssoProviders.allowedDomains, [domain])))
    .limit(1);
  return row ?? null;
}

/** Of `domains`, those another organisation's provider (enabled or not) already allows. */
export async function findDomainsTakenElsewhere(db: DbOrTx, orgId: string, domains: string[]) {
  const rows = await db
    .select({ domains: ssoProviders.allowedDomains })
    .from(ssoProviders)
    .where(and(ne(ssoProviders.orgId, orgId), arrayOverlaps(ssoProviders.allowedDomains, domains)));
  const taken = new Set(rows.flatMap((row) => row.domains));
  return domains.filter((domain) => taken.has(domain));
}

/**
 * Saves of providers queue on one transaction-scoped advisory lock: the domain check and the write
 * then cannot interleave, so two organisations cannot claim one domain at the same moment (there is no
 * unique index over array elements to do it for us).
 */
export async function lockProviderDomains(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('parley:sso-provider-domains'))`);
}

export async function upsertProvider(
  db: DbOrTx,
  input: Omit<ProviderRow, 'updatedAt'> & { now: Date },
): Promise<ProviderRow> {
  const { now, ...values } = input;
  const [row] = await db
    .insert(ssoProviders)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: ssoProviders.orgId,
      set: {
        displayName: values.displayName,
        issuer: values.issuer,
        clientId: values.clientId,
        clientSecretSealed: values.clientSecretSealed,
        allowedDomains: values.allowedDomains,
        emailClaim: values.emailClaim,
        enabled: values.enabled,
        updatedAt: now,
      },
    })
    .returning(providerColumns);
  if (!row) throw new Error('provider upsert returned nothing');
  return row;
}

export async function deleteProvider(db: DbOrTx, orgId: string) {
  const rows = await db
    .delete(ssoProviders)
    .where(eq(ssoProviders.orgId, orgId))
    .returning({ orgId: ssoProviders.orgId });
  return rows.length > 0;
}

/** Flows of an organisation are dropped with its provider: none can finish against a removed one. */
export async function deleteFlowsOfOrg(db: DbOrTx, orgId: string) {
  await db.delete(ssoFlows).where(eq(ssoFlows.orgId, orgId));
}

export async function insertFlow(db: DbOrTx, input: typeof ssoFlows.$inferInsert) {
  await db.insert(ssoFlows).values(input);
}

/**
 * Takes a flow by its state's hash: deleted in the same statement that reads it, so a state works
 * once even when two callbacks race. Expired flows are returned too (the caller says why it failed).
 */
export async function takeFlow(db: DbOrTx, stateHash: string) {
  const [row] = await db.delete(ssoFlows).where(eq(ssoFlows.stateHash, stateHash)).returning({
    orgId: ssoFlows.orgId,
    purpose: ssoFlows.purpose,
    userId: ssoFlows.userId,
    nonce: ssoFlows.nonce,
    codeVerifier: ssoFlows.codeVerifier,
    expiresAt: ssoFlows.expiresAt,
  });
  return row ?? null;
}

/** The identity (issuer, subject) and its user's e-mail, which finds the account. */
export async function findIdentityBySubject(db: DbOrTx, issuer: string, subject: string) {
  const [row] = await db
    .select({ id: userIdentities.id, userId: userIdentities.userId, userEmail: users.email })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row ?? null;
}

/**
 * Links an identity; returns its id, or null when (issuer, subject) is already linked (to anyone):
 * the unique index decides, so two first sign-ins at once link it once.
 */
export async function insertIdentity(
  db: DbOrTx,
  input: { userId: string; orgId: string; issuer: string; subject: string; email: string; now: Date },
) {
  const { now, ...values } = input;
  const [row] = await db
    .insert(userIdentities)
    .values({ ...values, createdAt: now, lastUsedAt: now })
    .onConflictDoNothing({ target: [userIdentities.issuer, userIdentities.subject] })
    .returning({ id: userIdentities.id });
  return row?.id ?? null;
}

export async function touchIdentity(db: DbOrTx, id: string, now: Date) {
  await db.update(userIdentities).set({ lastUsedAt: now }).where(eq(userIdentities.id, id));
}

export async function listIdentitiesOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      id: userIdentities.id,
      issuer: userIdentities.issuer,
      email: userIdentities.email,
      createdAt: userIdentities.createdAt,
      lastUsedAt: userIdentities.lastUsedAt,
    })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
}

/**
 * The user's other ways to sign in than identity `identityId`, read with the user's row locked so two
 * unlinks at once cannot each see the other's identity as the remaining one.
 */
export async function countOtherSignInWays(db: DbOrTx, userId: string, identityId: string) {
  const [user] = await db
    .select({ hasPassword: isNotNull(users.passwordHash) })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const [others] = await db
    .select({ value: count() })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), ne(userIdentities.id, identityId)));
  return { hasPassword: Boolean(user?.hasPassword), otherIdentities: others?.value ?? 0 };
}

export async function deleteIdentityOfUser(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
    .returning({ id: userIdentities.id, issuer: userIdentities.issuer, email: userIdentities.email });
  return row ?? null;
}

export async function findIdentityOfUser(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)));
  return row ?? null;
}
