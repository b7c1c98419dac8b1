import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { keyIdOf, publicKeyPem } from './audit-checkpoint';
import type { Logger } from './logger';

/** The key that signs audit checkpoints, with what is derived from it once. */
export type AuditSigner = {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** First 16 hex of SHA-256 of the raw public key (docs/audit-format.md). */
  keyId: string;
  /** SPKI PEM, as downloaded from GET /api/audit/public-key. */
  publicKeyPem: string;
};

export const AUDIT_SIGNING_KEY_FILE = 'audit-signing-key.pem';

export function auditSignerOf(privateKey: KeyObject): AuditSigner {
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, keyId: keyIdOf(publicKey), publicKeyPem: publicKeyPem(publicKey) };
}

/**
 * AUDIT_SIGNING_KEY when set; else DATA_DIR/audit-signing-key.pem, generated (owner-only) on first start
 * with a warning to back it up. It lives outside the database on purpose: whoever can rewrite the
 * database must not also be able to sign for it (docs/decisions/034-audit-signing-key.md).
 */
export function loadAuditSigner(
  config: { auditSigningKey: KeyObject | undefined; dataDir: string; databaseUrl: string | undefined },
  logger: Logger,
): AuditSigner {
  if (config.auditSigningKey) return auditSignerOf(config.auditSigningKey);
  const file = path.join(config.dataDir, AUDIT_SIGNING_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    const signer = auditSignerOf(privateKey);
    logger.warn(
      'generated the audit signing key: back it up now, away from the database. Without it the checkpoints signed so far can no longer be checked by this server (docs/decisions/034-audit-signing-key.md)',
      { file, keyId: signer.keyId },
    );
  }
  const key = createPrivateKey(readFileSync(file, 'utf8'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 private key`);
  if (config.databaseUrl) {
    logger.warn(
      'AUDIT_SIGNING_KEY is not set: with several instances on one database each signs with its own key; set AUDIT_SIGNING_KEY on every instance',
      { file },
    );
  }
  return auditSignerOf(key);
}
