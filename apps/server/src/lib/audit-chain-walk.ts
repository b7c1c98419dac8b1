import { AUDIT_PROBLEM_TEXTS, type AuditProblem, type AuditProblemReason } from '@parley/contracts';
import { checkpointSignatureValid, type SignedCheckpoint } from './audit-checkpoint';
import { computeAuditHash, GENESIS_HASH, type HashedFields } from './audit-hash';

/**
 * The rules of a sound chain, in one place for `GET /api/audit/verify` and the offline verifier
 * (docs/audit-format.md, Verifying). Pure: the callers feed it rows and checkpoints as they stream.
 */

export type WalkedEntry = HashedFields & { seq: number; hash: string; id?: string };

export function auditProblem(reason: AuditProblemReason, seq: number, entryId?: string): AuditProblem {
  return {
    reason,
    message: AUDIT_PROBLEM_TEXTS[reason](seq),
    seq,
    ...(entryId ? { entry_id: entryId } : {}),
  };
}

/**
 * Walks entries in the order given: each must have the next seq, point at its predecessor's hash and
 * hash to what it stores. `from` starts a walk mid-chain (an export of a later range): its first entry's
 * prev_hash is then taken as given, since the entry before it is not there to compare with.
 */
export class ChainWalk {
  entries = 0;
  firstSeq: number | null = null;
  lastSeq: number;
  lastHash: string;
  lastId: string | undefined;
  private readonly midChain: boolean;
  /**
   * A filtered export holds some entries of the chain: each must still hash to what it stores and come
   * after the one before, but between two entries that are not neighbours there is nothing to link.
   */
  private readonly allowsGaps: boolean;

  constructor(
    from: { afterSeq: number; prevHash: string } | 'genesis' | 'first-entry' = 'genesis',
    options: { allowsGaps?: boolean } = {},
  ) {
    this.midChain = from === 'first-entry';
    this.allowsGaps = options.allowsGaps ?? false;
    this.lastSeq = typeof from === 'object' ? from.afterSeq : 0;
    this.lastHash = typeof from === 'object' ? from.prevHash : GENESIS_HASH;
  }

  /** The first problem with this entry, or null once it is taken as the new end of the chain. */
  step(entry: WalkedEntry): AuditProblem | null {
    const first = this.entries === 0;
    if (first && this.midChain && entry.seq !== 1) {
      this.lastSeq = entry.seq - 1;
      this.lastHash = entry.prevHash;
    }
    if (this.allowsGaps && entry.seq > this.lastSeq + 1) this.lastHash = entry.prevHash;
    else if (entry.seq !== this.lastSeq + 1) return auditProblem('seq_gap', entry.seq, entry.id);
    if (entry.prevHash !== this.lastHash) return auditProblem('prev_hash_mismatch', entry.seq, entry.id);
    if (computeAuditHash(entry) !== entry.hash) return auditProblem('hash_mismatch', entry.seq, entry.id);
    this.entries += 1;
    this.firstSeq ??= entry.seq;
    this.lastSeq = entry.seq;
    this.lastHash = entry.hash;
    this.lastId = entry.id;
    return null;
  }
}

/**
 * Checks checkpoints in the order they were signed: the key, the signature, and that none goes back
 * along the chain from the one before. Where each stands against the entries is the caller's part
 * (`checkpointAgainstEntry`), since only it knows how to find the entry at a seq.
 */
export class CheckpointSequence {
  checked = 0;
  last: SignedCheckpoint | null = null;

  constructor(
    private readonly key: { publicKey: Parameters<typeof checkpointSignatureValid>[1]; keyId: string },
  ) {}

  check(checkpoint: SignedCheckpoint): AuditProblem | null {
    if (checkpoint.key_id !== this.key.keyId) return auditProblem('checkpoint_key_unknown', checkpoint.seq);
    if (!checkpointSignatureValid(checkpoint, this.key.publicKey))
      return auditProblem('checkpoint_signature_invalid', checkpoint.seq);
    if (this.last && checkpoint.seq < this.last.seq)
      return auditProblem('checkpoint_rollback', checkpoint.seq);
    this.checked += 1;
    this.last = checkpoint;
    return null;
  }
}

/**
 * A checkpoint against the chain as walked: past its end is a removed tail; at a seq whose entry hashes
 * to something else, the chain was rewritten (recomputed without the key).
 */
export function checkpointAgainstEntry(
  checkpoint: SignedCheckpoint,
  chainEnd: number,
  entry: { hash: string; id?: string } | null,
): AuditProblem | null {
  if (checkpoint.seq > chainEnd) return auditProblem('truncated', checkpoint.seq);
  const expected = checkpoint.seq === 0 ? GENESIS_HASH : entry?.hash;
  if (expected !== checkpoint.head_hash)
    return auditProblem('checkpoint_mismatch', checkpoint.seq, entry?.id);
  return null;
}
