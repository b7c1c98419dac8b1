import { z } from 'zod';

/**
 * What can be wrong with an audit chain, a closed set (docs/audit-format.md, Verifying). The same codes
 * come from `GET /api/audit/verify` and from the offline verifier (`npm run cli -- audit verify`).
 */
export const AUDIT_PROBLEM_REASONS = [
  'hash_mismatch',
  'prev_hash_mismatch',
  'seq_gap',
  'head_mismatch',
  'truncated',
  'checkpoint_missing',
  'unsigned_tail',
  'checkpoint_signature_invalid',
  'checkpoint_key_unknown',
  'checkpoint_mismatch',
  'checkpoint_rollback',
  'malformed_line',
] as const;
export type AuditProblemReason = (typeof AUDIT_PROBLEM_REASONS)[number];
export const auditProblemReasonSchema = z.enum(AUDIT_PROBLEM_REASONS);

/** The plain-English text of each reason; `seq` is the entry's (or checkpoint's) position in the chain. */
export const AUDIT_PROBLEM_TEXTS: Record<AuditProblemReason, (seq: number) => string> = {
  hash_mismatch: (seq) => `Entry ${seq}'s contents do not match its hash.`,
  prev_hash_mismatch: (seq) => `Entry ${seq} does not point at the hash of the entry before it.`,
  seq_gap: (seq) => `The chain jumps at entry ${seq}: an entry before it is missing, or one was inserted.`,
  head_mismatch: (seq) => `The chain ends at entry ${seq}, but its recorded head says otherwise.`,
  truncated: (seq) =>
    `The chain ends before entry ${seq}, which a signed checkpoint covers: its tail was removed.`,
  checkpoint_missing: () => 'There is no signed checkpoint: nothing ties these entries to the signing key.',
  unsigned_tail: (seq) => `The entries after entry ${seq} are not covered by a signed checkpoint.`,
  checkpoint_signature_invalid: (seq) =>
    `The checkpoint at entry ${seq} has a signature that does not verify with the public key.`,
  checkpoint_key_unknown: (seq) =>
    `The checkpoint at entry ${seq} was signed with a key that is not known here.`,
  checkpoint_mismatch: (seq) => `The chain at entry ${seq} differs from the signed checkpoint.`,
  checkpoint_rollback: (seq) =>
    `A checkpoint at entry ${seq} comes after a checkpoint further along the chain: the chain was rolled back.`,
  malformed_line: () => 'A line is not a valid entry or checkpoint.',
};

/** The first thing found wrong: which entry (when one is to blame), and why. */
export const auditProblemSchema = z.object({
  reason: auditProblemReasonSchema,
  message: z.string(),
  /** The chain position the problem is at. */
  seq: z.number().int(),
  /** The entry at that position, when there is one. */
  entry_id: z.string().optional(),
});
export type AuditProblem = z.infer<typeof auditProblemSchema>;

export const auditVerifyResponseSchema = z.object({
  valid: z.boolean(),
  /** Entries found in order before the first problem (all of them when valid). */
  entries: z.number().int(),
  /** Kept for earlier callers: the same as `problem.entry_id`. */
  first_broken_id: z.string().optional(),
  problem: auditProblemSchema.optional(),
  /** Stored checkpoints checked against the chain and the signing key. */
  checkpoints_checked: z.number().int(),
  verified_at: z.string(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;

/** The last recorded verification of the organisation's chain; null before the first. */
export const auditLastVerificationResponseSchema = z.object({
  verification: auditVerifyResponseSchema.nullable(),
});
export type AuditLastVerificationResponse = z.infer<typeof auditLastVerificationResponseSchema>;

/** A signed checkpoint, exactly the fields of a checkpoint line of an export (docs/audit-format.md). */
export const auditCheckpointSchema = z.object({
  chain: z.string(),
  seq: z.number().int(),
  head_hash: z.string(),
  signed_at: z.string(),
  key_id: z.string(),
  signature: z.string(),
});
export type AuditCheckpoint = z.infer<typeof auditCheckpointSchema>;

export const auditLatestCheckpointResponseSchema = z.object({
  checkpoint: auditCheckpointSchema.nullable(),
  /** The key that signs new checkpoints. */
  key_id: z.string(),
});
export type AuditLatestCheckpointResponse = z.infer<typeof auditLatestCheckpointResponseSchema>;

export const auditCheckpointCreatedResponseSchema = z.object({ checkpoint: auditCheckpointSchema });
export type AuditCheckpointCreatedResponse = z.infer<typeof auditCheckpointCreatedResponseSchema>;
