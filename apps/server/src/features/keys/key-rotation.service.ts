import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { encryptionKeyIdOf } from '../../lib/secrets';
import { deriveUnsubscribeKey } from '../email/unsubscribe-token';
import { totpSealingKey } from '../mfa/mfa.service';
import { ssoSealingKey } from '../sso/sso-provider.service';
import {
  deleteAllRecoveryCodes,
  listMembershipOrgs,
  listOrganizationIds,
  listSealedSsoSecretsForUpdate,
  listSealedTotpSecretsForUpdate,
  listUsersWithUnusedRecoveryCodes,
  updateSealedSsoSecret,
  updateSealedTotpSecret,
} from './key-rotation.queries';
import { noticeRecoveryCodesCleared } from './recovery-codes-notice';

export type KeyRotationResult = {
  oldKeyId: string;
  newKeyId: string;
  /** TOTP secrets opened with the old key and sealed again with the new one. */
  totpSecretsResealed: number;
  /** Single sign-on client secrets (sso_providers) sealed again, one per organisation with a provider. */
  ssoSecretsResealed: number;
  /** Users whose unused recovery codes were removed: keyed hashes cannot be re-keyed. */
  recoveryCodeUsersCleared: number;
  organizations: number;
};

/** A sealed secret that the current key does not open: the rotation stops before changing anything. */
export class KeyRotationError extends Error {
  override name = 'KeyRotationError';
}

/**
 * Re-seals every secret sealed with ENCRYPTION_KEY under a new key, in one transaction with an audit
 * entry per organisation (key ids only, never key material), so a failure leaves every row under
 * the old key (docs/operations.md, Rotating the encryption key).
 *
 * The sealed secrets are the TOTP secrets (user_mfa_totp) and the single sign-on client secrets
 * (sso_providers). Recovery codes are HMACs keyed from the
 * encryption key and cannot be re-keyed without the codes, so unused ones are removed and their
 * owners are told, in the app and by e-mail, to generate new ones; the other keys derived from it (unsubscribe links, erasure pseudonyms)
 * hold nothing stored to re-seal.
 */
export async function rotateEncryptionKey(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'appOrigin'>,
  keys: { current: Buffer; next: Buffer },
): Promise<KeyRotationResult> {
  const oldKeyId = encryptionKeyIdOf(keys.current);
  const newKeyId = encryptionKeyIdOf(keys.next);
  if (oldKeyId === newKeyId) throw new KeyRotationError('the new key is the current key');
  const oldTotpKey = totpSealingKey(keys.current);
  const newTotpKey = totpSealingKey(keys.next);
  return ctx.db.transaction(async (tx) => {
    const secrets = await listSealedTotpSecretsForUpdate(tx);
    const rotatedUserIds: string[] = [];
    for (const row of secrets) {
      let secret: string;
      try {
        secret = openSecret(oldTotpKey, row.secretSealed);
      } catch {
        throw new KeyRotationError(
          `the TOTP secret of user ${row.userId} does not open with the current key; nothing was changed`,
        );
      }
      await updateSealedTotpSecret(tx, row.userId, sealSecret(newTotpKey, secret));
      rotatedUserIds.push(row.userId);
    }
    const oldSsoKey = ssoSealingKey(keys.current);
    const newSsoKey = ssoSealingKey(keys.next);
    const resealedSsoOrgIds = new Set<string>();
    for (const row of await listSealedSsoSecretsForUpdate(tx)) {
      let secret: string;
      try {
        secret = openSecret(oldSsoKey, row.secretSealed);
      } catch {
        throw new KeyRotationError(
          `the single sign-on client secret of organisation ${row.orgId} does not open with the current key; nothing was changed`,
        );
      }
      await updateSealedSsoSecret(tx, row.orgId, sealSecret(newSsoKey, secret));
      resealedSsoOrgIds.add(row.orgId);
    }
    const owners = await listUsersWithUnusedRecoveryCodes(tx);
    const clearedUserIds = owners.map((o) => o.userId);
    await deleteAllRecoveryCodes(tx);

    const orgOf = new Map((await listMembershipOrgs(tx)).map((m) => [m.userId, m.orgId]));
    // Mail queued here is sent by Parley's outbox job once an instance runs (the CLI sends nothing).
    await noticeRecoveryCodesCleared(
      tx,
      { clock: ctx.clock, appOrigin: ctx.appOrigin, unsubscribeKey: deriveUnsubscribeKey(keys.next) },
      owners.flatMap((o) => {
        const orgId = orgOf.get(o.userId);
        return orgId ? [{ ...o, orgId }] : [];
      }),
    );
    const countIn = (orgId: string, userIds: string[]) =>
      userIds.filter((id) => orgOf.get(id) === orgId).length;
    const orgIds = await listOrganizationIds(tx);
    for (const orgId of orgIds) {
      await appendAudit(tx, ctx.clock, {
        orgId,
        actorId: null,
        actionType: 'encryption_key_rotated',
        entityType: 'organization',
        entityId: orgId,
        details: {
          old_key_id: oldKeyId,
          new_key_id: newKeyId,
          totp_secrets_resealed: countIn(orgId, rotatedUserIds),
          sso_secret_resealed: resealedSsoOrgIds.has(orgId),
          recovery_codes_cleared_for: countIn(orgId, clearedUserIds),
        },
      });
    }
    return {
      oldKeyId,
      newKeyId,
      totpSecretsResealed: rotatedUserIds.length,
      ssoSecretsResealed: resealedSsoOrgIds.size,
      recoveryCodeUsersCleared: clearedUserIds.length,
      organizations: orgIds.length,
    };
  });
}
