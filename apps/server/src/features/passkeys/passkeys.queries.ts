import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mfaRecoveryCodes, webauthnChallenges, webauthnCredentials } from '../../db/schema';

/** The columns a passkey is shown and checked with (the public key only where a signature is checked). */
const passkeyColumns = {
  id: webauthnCredentials.id,
  credentialId: webauthnCredentials.credentialId,
  name: webauthnCredentials.name,
  counter: webauthnCredentials.counter,
  transports: webauthnCredentials.transports,
  deviceType: webauthnCredentials.deviceType,
  backedUp: webauthnCredentials.backedUp,
  createdAt: webauthnCredentials.createdAt,
  lastUsedAt: webauthnCredentials.lastUsedAt,
};

/** The user's passkeys, oldest first (webauthn_credentials_user_idx). */
export async function listPasskeys(db: DbOrTx, userId: string) {
  return db
    .select(passkeyColumns)
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
}

/**
 * The user's passkeys, each row locked until the transaction ends: a removal's "is another factor
 * left" check and two removals at once cannot race.
 */
export async function lockPasskeys(tx: DbOrTx, userId: string) {
  return tx
    .select(passkeyColumns)
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .for('update');
}

/**
 * One credential of THIS user by its WebAuthn id, with its public key, locked: the counter check
 * and its update are one step, so two sign-ins with one assertion cannot both pass. Another user's
 * credential is not found.
 */
export async function findOwnCredentialForUpdate(tx: DbOrTx, userId: string, credentialId: string) {
  const [row] = await tx
    .select({ ...passkeyColumns, publicKey: webauthnCredentials.publicKey })
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.credentialId, credentialId)))
    .for('update');
  return row ?? null;
}

/** Stores a verified credential; null when that credential id is registered already (to anyone). */
export async function insertPasskey(
  tx: DbOrTx,
  input: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    deviceType: 'singleDevice' | 'multiDevice';
    backedUp: boolean;
    name: string;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(webauthnCredentials)
    .values({
      userId: input.userId,
      credentialId: input.credentialId,
      publicKey: Buffer.from(input.publicKey),
      counter: input.counter,
      transports: input.transports,
      deviceType: input.deviceType,
      backedUp: input.backedUp,
      name: input.name,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: webauthnCredentials.credentialId })
    .returning(passkeyColumns);
  return row ?? null;
}

/** After a verified assertion: the authenticator's new counter and backup state, and when. */
export async function recordPasskeyUse(
  tx: DbOrTx,
  input: { id: string; counter: number; backedUp: boolean; now: Date },
) {
  await tx
    .update(webauthnCredentials)
    .set({ counter: input.counter, backedUp: input.backedUp, lastUsedAt: input.now })
    .where(eq(webauthnCredentials.id, input.id));
}

export async function renamePasskey(tx: DbOrTx, input: { userId: string; id: string; name: string }) {
  const [row] = await tx
    .update(webauthnCredentials)
    .set({ name: input.name })
    .where(and(eq(webauthnCredentials.id, input.id), eq(webauthnCredentials.userId, input.userId)))
    .returning(passkeyColumns);
  return row ?? null;
}

export async function deletePasskey(tx: DbOrTx, input: { userId: string; id: string }) {
  const rows = await tx
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, input.id), eq(webauthnCredentials.userId, input.userId)))
    .returning({ id: webauthnCredentials.id });
  return rows.length > 0;
}

/** A new challenge of a ceremony, bound to the session; the session's expired ones are dropped. */
export async function saveChallenge(
  tx: DbOrTx,
  input: {
    userId: string;
    sessionId: string;
    purpose: 'register' | 'authenticate';
    challenge: string;
    now: Date;
    expiresAt: Date;
  },
) {
  await tx
    .delete(webauthnChallenges)
    .where(
      and(eq(webauthnChallenges.sessionId, input.sessionId), lte(webauthnChallenges.expiresAt, input.now)),
    );
  await tx.insert(webauthnChallenges).values({
    userId: input.userId,
    sessionId: input.sessionId,
    purpose: input.purpose,
    challenge: input.challenge,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}

/**
 * Uses a challenge up: deletes it if this session issued it for this purpose and it has not
 * expired, in one conditional DELETE, so a challenge answers one ceremony even under concurrency.
 */
export async function consumeChallenge(
  tx: DbOrTx,
  input: { sessionId: string; purpose: 'register' | 'authenticate'; challenge: string; now: Date },
) {
  const rows = await tx
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.sessionId, input.sessionId),
        eq(webauthnChallenges.purpose, input.purpose),
        eq(webauthnChallenges.challenge, input.challenge),
        gt(webauthnChallenges.expiresAt, input.now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length > 0;
}

/** The last factor went: its recovery codes go with it, as when an authenticator is removed. */
export async function deleteRecoveryCodes(tx: DbOrTx, userId: string) {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}
