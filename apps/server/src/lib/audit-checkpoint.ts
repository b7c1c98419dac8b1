import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson } from './audit-hash';

/**
 * Signed checkpoints of an audit chain (docs/audit-format.md, Checkpoints; docs/decisions/034-audit-signing-key.md).
 * Pure: node:crypto only, so the offline verifier and the server sign and check the very same bytes.
 */

/** The fields a checkpoint signs, in the order they are encoded. */
export type CheckpointFields = {
  chain: string;
  seq: number;
  head_hash: string;
  /** ISO-8601 with milliseconds, UTC (Date.toISOString()). */
  signed_at: string;
  key_id: string;
};

export type SignedCheckpoint = CheckpointFields & { signature: string };

/** A checkpoint as an export line (docs/audit-format.md, Export lines). */
export type CheckpointLine = SignedCheckpoint & { type: 'checkpoint' };

export function checkpointLine(checkpoint: SignedCheckpoint): CheckpointLine {
  const { chain, seq, head_hash, signed_at, key_id, signature } = checkpoint;
  return { type: 'checkpoint', chain, seq, head_hash, signed_at, key_id, signature };
}

/** Tells a checkpoint signature apart from any other use of the key, and names the encoding's version. */
export const CHECKPOINT_DOMAIN = 'parley-audit-checkpoint/1';

/** The exact bytes signed: UTF-8 of canonical JSON of [domain, chain, seq, head_hash, signed_at, key_id]. */
export function checkpointSigningInput(fields: CheckpointFields): Buffer {
  return Buffer.from(
    canonicalJson([
      CHECKPOINT_DOMAIN,
      fields.chain,
      fields.seq,
      fields.head_hash,
      fields.signed_at,
      fields.key_id,
    ]),
    'utf8',
  );
}

/** The 32 raw bytes of an Ed25519 public key (the JWK `x`). */
function rawPublicKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('not an Ed25519 public key');
  return Buffer.from(jwk.x, 'base64url');
}

/** A key's id: the first 16 hex digits of SHA-256 over its raw 32-byte public key. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(rawPublicKey(publicKey)).digest('hex').slice(0, 16);
}

/** An Ed25519 public key from PEM (SPKI) text, or from the private key's PEM. Throws on anything else. */
export function parsePublicKeyPem(pem: string | Buffer): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

export function publicKeyPem(publicKey: KeyObject): string {
  return publicKey.export({ format: 'pem', type: 'spki' }).toString();
}

export function signCheckpointFields(fields: CheckpointFields, privateKey: KeyObject): SignedCheckpoint {
  const signature = sign(null, checkpointSigningInput(fields), privateKey).toString('base64');
  return { ...fields, signature };
}

/** True when `signature` is the key's Ed25519 signature of the checkpoint's fields. */
export function checkpointSignatureValid(checkpoint: SignedCheckpoint, publicKey: KeyObject): boolean {
  const signature = Buffer.from(checkpoint.signature, 'base64');
  if (signature.length !== 64) return false;
  try {
    return verify(null, checkpointSigningInput(checkpoint), publicKey, signature);
  } catch {
    return false;
  }
}
