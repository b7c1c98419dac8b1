import { sign } from 'node:crypto';
import { canonicalJson } from '../../lib/audit';
import type { PackSigner } from './evidence-files';

// The signed checkpoint a pack's audit.jsonl ends with: the chain's head when the pack was made
// (docs/audit-format.md).

/** The bytes a checkpoint's signature covers: its fields but the signature, canonical JSON. */
export function checkpointPayload(checkpoint: Record<string, unknown>): Buffer {
  const { chain, seq, head_hash, signed_at, key_id } = checkpoint;
  return Buffer.from(canonicalJson({ chain, seq, head_hash, signed_at, key_id }), 'utf8');
}

export function signedCheckpoint(
  head: { chain: string; seq: number; hash: string },
  signer: PackSigner,
  signedAt: Date,
): Record<string, unknown> {
  const fields = {
    type: 'checkpoint',
    chain: head.chain,
    seq: head.seq,
    head_hash: head.hash,
    signed_at: signedAt.toISOString(),
    key_id: signer.keyId,
  };
  return {
    ...fields,
    signature: sign(null, checkpointPayload(fields), signer.privateKey).toString('base64'),
  };
}
