import { z } from 'zod';
import { AUDIT_ACTION_KINDS } from './audit-actions';

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

/** Audit Logs list: entries per page (docs/design: lists are paginated, `limit` ≤ 100). */
export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 100;
/** Limits of the Audit Logs filters. */
export const AUDIT_FILTER_LIMITS = { search: 200, actions: 50 } as const;

/** The export formats of Export Logs (docs/api.md `GET /api/audit/export`). */
export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION_TYPE = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * A bound of the date range: a calendar date (`2026-03-01`, a whole UTC day) or an ISO-8601 time with
 * an offset (the web sends the viewer's local day as times). Both bounds are inclusive.
 */
function dateBound(edge: 'start' | 'end') {
  return z
    .string()
    .trim()
    .refine(
      (v) =>
        (DATE_ONLY.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success) &&
        !Number.isNaN(Date.parse(v)),
      {
        error: 'Use a date (YYYY-MM-DD) or an ISO-8601 time',
      },
    )
    .transform((v) => {
      if (!DATE_ONLY.test(v)) return new Date(v);
      const day = new Date(`${v}T00:00:00.000Z`);
      return edge === 'start' ? day : new Date(day.getTime() + 86_400_000 - 1);
    });
}

/** `action=a&action=b` or `action=a,b`: one or more action types. */
const actionFilterSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()))].filter(
      Boolean,
    ),
  )
  .pipe(
    z
      .array(z.string())
      .max(AUDIT_FILTER_LIMITS.actions, { error: `Use at most ${AUDIT_FILTER_LIMITS.actions} actions` })
      .refine((types) => types.every((t) => ACTION_TYPE.test(t)), { error: 'Not an action type' }),
  );

const auditFilterFields = {
  q: z
    .string()
    .trim()
    .max(AUDIT_FILTER_LIMITS.search, { error: `Use at most ${AUDIT_FILTER_LIMITS.search} characters` })
    .optional(),
  action: actionFilterSchema.optional(),
  user: z.uuid({ error: 'Not a valid user id' }).optional(),
  project: z.uuid({ error: 'Not a valid fund id' }).optional(),
  from: dateBound('start').optional(),
  to: dateBound('end').optional(),
};

function fromNotAfterTo(value: { from?: Date | undefined; to?: Date | undefined }, ctx: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  }
}

/** The filters of the Audit Logs list and its export: the same fields, the same meaning. */
export const auditFilterQuerySchema = z.object(auditFilterFields).superRefine(fromNotAfterTo);
export type AuditFilterQuery = z.input<typeof auditFilterQuerySchema>;
export type AuditFilter = z.output<typeof auditFilterQuerySchema>;

export const listAuditEntriesQuerySchema = z
  .object({
    ...auditFilterFields,
    limit: z.coerce
      .number({ error: 'Use a number' })
      .int({ error: 'Use a whole number' })
      .min(1, { error: 'Use at least 1' })
      .max(AUDIT_PAGE_SIZE_MAX, { error: `Use at most ${AUDIT_PAGE_SIZE_MAX}` })
      .default(AUDIT_PAGE_SIZE_DEFAULT),
    cursor: z.string().max(300, { error: 'Invalid cursor' }).optional(),
  })
  .superRefine(fromNotAfterTo);
export type ListAuditEntriesQuery = z.input<typeof listAuditEntriesQuerySchema>;

export const exportAuditQuerySchema = z
  .object({
    ...auditFilterFields,
    format: z.enum(AUDIT_EXPORT_FORMATS, { error: 'Use csv or jsonl' }),
  })
  .superRefine(fromNotAfterTo);
export type ExportAuditQuery = z.input<typeof exportAuditQuerySchema>;

export const auditEntryIdParamSchema = z.object({ id: z.uuid({ error: 'Not a valid audit entry id' }) });

/** Who did it: a member, or 'System' for what Parley did on its own (`id` null). */
export const auditActorSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});

/** One row of the Audit Logs list. */
export const auditEntrySummarySchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  /** Milliseconds since the epoch (UTC): the web shows it in the viewer's time zone. */
  created_at: z.number().int(),
  actor: auditActorSchema,
  action_type: z.string(),
  action_label: z.string(),
  action_kind: z.enum(AUDIT_ACTION_KINDS),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** The fund the entry concerns, from its hashed details (docs/decisions/033-audit-entry-fund.md). */
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  summary: z.string(),
  hash: z.string(),
});
export type AuditEntrySummary = z.infer<typeof auditEntrySummarySchema>;

export const listAuditEntriesResponseSchema = z.object({
  items: z.array(auditEntrySummarySchema),
  next_cursor: z.string().nullable(),
});
export type ListAuditEntriesResponse = z.infer<typeof listAuditEntriesResponseSchema>;

/** A value the entry records as changed: `path` names it inside the details (`changes.name`). */
export const auditChangeSchema = z.object({
  path: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntryDetailSchema = auditEntrySummarySchema.extend({
  details: z.record(z.string(), z.unknown()),
  /** The before/after pairs the details record (empty when the action records none). */
  changes: z.array(auditChangeSchema),
  chain: z.object({
    seq: z.number().int(),
    prev_hash: z.string(),
    hash: z.string(),
    /** The hash recomputed from this entry's stored fields equals `hash` (the entry alone, not the chain). */
    hash_matches: z.boolean(),
    previous_id: z.string().nullable(),
    next_id: z.string().nullable(),
  }),
});
export type AuditEntryDetail = z.infer<typeof auditEntryDetailSchema>;

/** The members the Audit Logs user filter offers: everyone of the organisation, deactivated too. */
export const AUDIT_MEMBERS_MAX = 500;
export const auditMembersResponseSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type AuditMembersResponse = z.infer<typeof auditMembersResponseSchema>;
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

/**
 * Where the organisation's audit chain stands, from what is already stored (no re-walk): the last
 * recorded verification and the last signed checkpoint. The Compliance center and System Health show it.
 */
export const auditChainStatusSchema = z.object({
  /** The last recorded result of `GET /api/audit/verify`; null before the first. */
  last_verification: auditVerifyResponseSchema.nullable(),
  /** The last signed checkpoint: the chain position it covers and when it was signed; null before the first. */
  last_checkpoint: z.object({ seq: z.number().int(), signed_at: z.string() }).nullable(),
  /** The key that signs new checkpoints (its public half: `GET /api/audit/public-key`). */
  key_id: z.string(),
});
export type AuditChainStatus = z.infer<typeof auditChainStatusSchema>;

/** The texts of the audit chain's status in the Compliance center and System Health. */
export const AUDIT_CHAIN_TEXTS = {
  neverVerified: 'Never verified',
  noCheckpoint: 'None yet',
  verifyNow: 'Verify now',
  verifying: 'Verifying...',
  verifyFailed: 'Could not verify the audit chain',
  downloadPublicKey: 'Download public key',
  entriesVerified: (entries: string) => `${entries} entries verified`,
  stoppedAfter: (entries: string) => `Verification stopped after ${entries} entries`,
  lastVerified: (ago: string) => `Last verified ${ago}`,
  lastCheckpoint: (ago: string) => `Last signed checkpoint: ${ago}`,
  signingKey: (keyId: string) => `Signing key ${keyId}`,
} as const;

export const auditLatestCheckpointResponseSchema = z.object({
  checkpoint: auditCheckpointSchema.nullable(),
  /** The key that signs new checkpoints. */
  key_id: z.string(),
});
export type AuditLatestCheckpointResponse = z.infer<typeof auditLatestCheckpointResponseSchema>;

export const auditCheckpointCreatedResponseSchema = z.object({ checkpoint: auditCheckpointSchema });
export type AuditCheckpointCreatedResponse = z.infer<typeof auditCheckpointCreatedResponseSchema>;
