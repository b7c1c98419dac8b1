import { eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  mfaRecoveryCodes,
  organizations,
  orgMemberships,
  ssoProviders,
  userMfaTotp,
  users,
} from '../../db/schema';

/** Every sealed TOTP secret with its owner's organisation, locked until the rotation commits. */
export async function listSealedTotpSecretsForUpdate(db: DbOrTx) {
  return db
    .select({ userId: userMfaTotp.userId, secretSealed: userMfaTotp.secretSealed })
    .from(userMfaTotp)
    .orderBy(userMfaTotp.userId)
    .for('update');
}

export async function updateSealedTotpSecret(db: DbOrTx, userId: string, secretSealed: string) {
  await db.update(userMfaTotp).set({ secretSealed }).where(eq(userMfaTotp.userId, userId));
}

/** Every organisation's sealed single sign-on client secret, locked until the rotation commits. */
export async function listSealedSsoSecretsForUpdate(db: DbOrTx) {
  return db
    .select({ orgId: ssoProviders.orgId, secretSealed: ssoProviders.clientSecretSealed })
    .from(ssoProviders)
    .orderBy(ssoProviders.orgId)
    .for('update');
}

export async function updateSealedSsoSecret(db: DbOrTx, orgId: string, secretSealed: string) {
  await db
    .update(ssoProviders)
    .set({ clientSecretSealed: secretSealed })
    .where(eq(ssoProviders.orgId, orgId));
}

/** Users holding unused recovery codes (their codes are hashed with the old key), with their address. */
export async function listUsersWithUnusedRecoveryCodes(db: DbOrTx) {
  return db
    .selectDistinct({ userId: mfaRecoveryCodes.userId, email: users.email })
    .from(mfaRecoveryCodes)
    .innerJoin(users, eq(users.id, mfaRecoveryCodes.userId))
    .where(isNull(mfaRecoveryCodes.usedAt));
}

export async function deleteAllRecoveryCodes(db: DbOrTx) {
  await db.delete(mfaRecoveryCodes);
}

export async function listOrganizationIds(db: DbOrTx) {
  const rows = await db.select({ id: organizations.id }).from(organizations).orderBy(organizations.id);
  return rows.map((r) => r.id);
}

/** Which organisation each user belongs to, so each organisation's audit entry counts only its own. */
export async function listMembershipOrgs(db: DbOrTx) {
  return db.select({ userId: orgMemberships.userId, orgId: orgMemberships.orgId }).from(orgMemberships);
}
