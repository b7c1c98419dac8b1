import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories';
import {
  createTestContext,
  sessionCookieOf,
  TEST_AUDIT_SIGNER,
  TEST_ENCRYPTION_KEY,
  TEST_ORIGIN,
  testLogger,
} from '../../../test/test-app';
import { createApp } from '../../app';
import {
  auditLogs,
  emailOutbox,
  mfaRecoveryCodes,
  notifications,
  ssoProviders,
  userMfaTotp,
  users,
} from '../../db/schema';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { encryptionKeyIdOf } from '../../lib/secrets';
import { createOutboxMailer } from '../email/mailer';
import { totpSealingKey } from '../mfa/mfa.service';
import { ssoSealingKey } from '../sso/sso-provider.service';
import { KeyRotationError, rotateEncryptionKey } from './key-rotation.service';

// Its own database: a rotation re-seals every secret in it, other files' included.
const ctx = await createTestContext({}, { emptyDatabase: true });
const rotationDeps = { ...ctx.deps, appOrigin: TEST_ORIGIN };

/** The same server after a restart with another ENCRYPTION_KEY. */
function appWithKey(encryptionKey: Buffer) {
  const app = createApp({
    config: ctx.config,
    database: ctx.database,
    logger: testLogger,
    clock: ctx.clock,
    mailer: createOutboxMailer({ from: 'Parley <no-reply@parley.test>', announce: () => {} }),
    encryptionKey,
    auditSigner: TEST_AUDIT_SIGNER,
  });
  return (path: string, body: unknown, cookie?: string) =>
    app.request(`${TEST_ORIGIN}${path}`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
}

/** Password, then the authenticator's next code: whether the server accepts the code. */
async function signsInWithTotp(
  post: ReturnType<typeof appWithKey>,
  user: { userId: string; email: string; password: string },
) {
  const signIn = await post('/api/auth/sign-in', { email: user.email, password: user.password });
  expect(signIn.status).toBe(200);
  const res = await post(
    '/api/mfa/totp/verify-login',
    { code: ctx.nextTotpCode(user.userId), use_recovery: false },
    sessionCookieOf(signIn),
  );
  return ((await res.json()) as { success?: boolean }).success === true;
}

async function sealedSecretOf(userId: string) {
  const [row] = await ctx.db
    .select({ secretSealed: userMfaTotp.secretSealed })
    .from(userMfaTotp)
    .where(eq(userMfaTotp.userId, userId));
  return row?.secretSealed ?? '';
}

const unusedRecoveryCodes = async (userId: string) =>
  (
    await ctx.db
      .select({ id: mfaRecoveryCodes.id })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
  ).length;

const rotationEntries = (orgId: string) =>
  ctx.db
    .select({ details: auditLogs.details, entityId: auditLogs.entityId })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'encryption_key_rotated')));

describe('rotating the encryption key', () => {
  it('a failure midway leaves every secret under the old key; once fixed, sign-in with TOTP works under the new key', async () => {
    const admin = await ctx.signInAs('admin');
    const other = await ctx.signInAs('admin');
    const current = TEST_ENCRYPTION_KEY;
    const next = randomBytes(32);
    const before = { admin: await sealedSecretOf(admin.userId), other: await sealedSecretOf(other.userId) };
    expect(await unusedRecoveryCodes(admin.userId)).toBe(10);

    // A secret sealed with some other key, on a user id that sorts after every other: the
    // rotation has re-sealed the others by the time it reaches this one.
    const strayId = `ffffffff-ffff-4fff-bfff-${randomBytes(6).toString('hex')}`;
    await ctx.db.insert(users).values({ id: strayId, email: uniqueEmail('stray') });
    await ctx.db.insert(userMfaTotp).values({
      userId: strayId,
      secretSealed: sealSecret(totpSealingKey(randomBytes(32)), 'JBSWY3DPEHPK3PXP'),
      createdAt: ctx.clock.now(),
    });

    // The organisation's single sign-on client secret is sealed with the same key.
    await ctx.db.insert(ssoProviders).values({
      orgId: admin.orgId,
      displayName: 'Example ID',
      issuer: 'https://id.example.test',
      clientId: 'parley',
      clientSecretSealed: sealSecret(ssoSealingKey(current), 'client-secret-1'),
      allowedDomains: ['example.test'],
    });

    const failed = rotateEncryptionKey(rotationDeps, { current, next });
    await expect(failed).rejects.toThrow(KeyRotationError);
    await expect(failed).rejects.toThrow(`the TOTP secret of user ${strayId} does not open`);
    expect(await sealedSecretOf(admin.userId)).toBe(before.admin);
    expect(await sealedSecretOf(other.userId)).toBe(before.other);
    expect(await unusedRecoveryCodes(admin.userId)).toBe(10);
    expect(await rotationEntries(admin.orgId)).toEqual([]);
    expect(await signsInWithTotp(appWithKey(current), admin)).toBe(true);

    await ctx.db.delete(users).where(eq(users.id, strayId));
    const result = await rotateEncryptionKey(rotationDeps, { current, next });
    expect(result).toMatchObject({
      oldKeyId: encryptionKeyIdOf(current),
      newKeyId: encryptionKeyIdOf(next),
      totpSecretsResealed: 2,
      ssoSecretsResealed: 1,
      recoveryCodeUsersCleared: 2,
    });
    const [provider] = await ctx.db
      .select({ sealed: ssoProviders.clientSecretSealed })
      .from(ssoProviders)
      .where(eq(ssoProviders.orgId, admin.orgId));
    expect(openSecret(ssoSealingKey(next), provider?.sealed ?? '')).toBe('client-secret-1');

    expect(await signsInWithTotp(appWithKey(next), admin)).toBe(true);
    const otherSealed = await sealedSecretOf(other.userId);
    expect(otherSealed).not.toBe(before.other);
    expect(() => openSecret(totpSealingKey(current), otherSealed)).toThrow();
    expect(await signsInWithTotp(appWithKey(next), other)).toBe(true);
    expect(openSecret(totpSealingKey(next), await sealedSecretOf(admin.userId))).toBe(
      ctx.totpOf.get(admin.userId)?.secret,
    );
    // Keyed hashes cannot be re-keyed: the old codes are gone, not silently useless, and their
    // owner is told in the app and by e-mail (whatever their settings), in the same transaction.
    expect(await unusedRecoveryCodes(admin.userId)).toBe(0);
    const told = await ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.kind, 'recovery_codes_cleared')));
    expect(told).toEqual([{ title: 'Your recovery codes were replaced' }]);
    const mailed = await ctx.db
      .select({ subject: emailOutbox.subject, status: emailOutbox.status, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toEmail, admin.email), eq(emailOutbox.template, 'recovery_codes_cleared')));
    expect(mailed).toMatchObject([{ subject: 'Parley: generate new recovery codes', status: 'queued' }]);
    expect(mailed[0]?.text).toContain(`${TEST_ORIGIN}/settings`);

    const entries = await rotationEntries(admin.orgId);
    expect(entries).toEqual([
      {
        entityId: admin.orgId,
        details: {
          old_key_id: encryptionKeyIdOf(current),
          new_key_id: encryptionKeyIdOf(next),
          totp_secrets_resealed: 1,
          sso_secret_resealed: true,
          recovery_codes_cleared_for: 1,
        },
      },
    ]);
    const recorded = JSON.stringify(entries);
    for (const key of [current, next]) {
      expect(recorded).not.toContain(key.toString('base64'));
      expect(recorded).not.toContain(key.toString('hex'));
    }
  }, 60_000);

  it('refuses to rotate to the key in use', async () => {
    await expect(
      rotateEncryptionKey(rotationDeps, {
        current: TEST_ENCRYPTION_KEY,
        next: Buffer.from(TEST_ENCRYPTION_KEY),
      }),
    ).rejects.toThrow('the new key is the current key');
  });
});
