import { createPrivateKey } from 'node:crypto';
import { auditSignerOf } from '../src/lib/audit-signer';

/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key whose 32-byte seed is `seed` repeated: fixed keys make signatures reproducible. */
export function fixedAuditSigner(seed: number) {
  return auditSignerOf(
    createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.alloc(32, seed)]),
      format: 'der',
      type: 'pkcs8',
    }),
  );
}

/** The audit signing key of every test app (seed all 7s); also the key of docs/audit-format.md's example. */
export const TEST_AUDIT_SIGNER = fixedAuditSigner(7);
