import { z } from 'zod';

/**
 * Data retention (docs/product.md §2 Admin panel, Data Retention; docs/decisions/030-data-retention.md).
 *
 * The floor: no organisation may keep its correspondence and records for less than 6 years. SEC rule
 * 204-2(e)(1) keeps an adviser's books and records for five years from the end of the fiscal year of
 * their last entry — up to six years from the entry itself — and FINRA rule 4511 / SEC rule 17a-4(a)
 * keep six years where no other period applies. Counting six years from each record's own date
 * satisfies all three, whatever the fiscal year.
 */
export const RETENTION_FLOOR_YEARS = 6;
/** A new organisation's period: the floor plus a year's margin, the common practice of IR teams. */
export const RETENTION_DEFAULT_YEARS = 7;
/** Beyond a century a period is a typing mistake, not a policy. */
export const RETENTION_MAX_YEARS = 100;

/** docs/decisions/030-data-retention.md: reasons are required and short enough to read in a list. */
export const RETENTION_REASON_MAX_LENGTH = 500;

/** What a legal hold covers: one investor (by e-mail), one fund (project), or everything. */
export const LEGAL_HOLD_SCOPES = ['investor', 'project', 'all'] as const;
export const legalHoldScopeSchema = z.enum(LEGAL_HOLD_SCOPES, {
  error: 'Choose an investor, a fund or everything',
});
export type LegalHoldScope = z.infer<typeof legalHoldScopeSchema>;

/** Texts of the Data Retention tile and page, and the server's refusals that name a date. */
export const RETENTION_TEXTS = {
  title: 'Data Retention',
  /** The server's refusal with the day the record leaves retention (YYYY-MM-DD, UTC). */
  keptUntil: (what: string, until: string, years: number) =>
    `This ${what} must be kept until ${until} under your organisation's retention period of ${years} years, so it cannot be deleted yet.`,
  periodUpdated: 'Retention period updated',
  holdPlaced: 'Legal hold placed',
  holdReleased: 'Legal hold released',
  erasureDone: 'Erasure recorded',
  loadFailed: 'Failed to load data retention',
} as const;

const reasonSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(RETENTION_REASON_MAX_LENGTH, { error: `Use at most ${RETENTION_REASON_MAX_LENGTH} characters` })
    .refine((value) => !value.includes('\u0000'), { error: 'Remove the control characters' });

const investorEmailSchema = z
  .string({ error: 'Investor email is required' })
  .trim()
  .min(1, { error: 'Investor email is required' })
  .max(320, { error: 'Investor email is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((value) => value.toLowerCase());

/** PATCH /api/retention: the period in whole years, from the floor to the maximum. */
export const updateRetentionInputSchema = z.object({
  retention_years: z
    .number({ error: 'Enter a number of years' })
    .int({ error: 'Use a whole number of years' })
    .min(RETENTION_FLOOR_YEARS, {
      error: `Records must be kept for at least ${RETENTION_FLOOR_YEARS} years`,
    })
    .max(RETENTION_MAX_YEARS, { error: `Use at most ${RETENTION_MAX_YEARS} years` }),
});
export type UpdateRetentionInput = z.infer<typeof updateRetentionInputSchema>;

/** GET /api/retention: what the Admin panel's tile shows. */
export const retentionSummarySchema = z.object({
  retention_years: z.number().int(),
  floor_years: z.number().int(),
  default_years: z.number().int(),
  active_holds: z.number().int().nonnegative(),
  last_erasure: z
    .object({ at: z.string(), pseudonym: z.string(), by_name: z.string().nullable() })
    .nullable(),
});
export type RetentionSummary = z.infer<typeof retentionSummarySchema>;

/** POST /api/retention/holds. */
export const createLegalHoldInputSchema = z.discriminatedUnion(
  'scope',
  [
    z.object({
      scope: z.literal('investor'),
      investor_email: investorEmailSchema,
      reason: reasonSchema('Reason'),
    }),
    z.object({
      scope: z.literal('project'),
      project_id: z.uuid({ error: 'Choose a fund' }),
      reason: reasonSchema('Reason'),
    }),
    z.object({ scope: z.literal('all'), reason: reasonSchema('Reason') }),
  ],
  { error: 'Choose an investor, a fund or everything' },
);
export type CreateLegalHoldInput = z.infer<typeof createLegalHoldInputSchema>;

/** POST /api/retention/holds/{id}/release. */
export const releaseLegalHoldInputSchema = z.object({ reason: reasonSchema('Reason') });
export type ReleaseLegalHoldInput = z.infer<typeof releaseLegalHoldInputSchema>;

export const legalHoldIdParamSchema = z.object({ id: z.uuid({ error: 'Not a hold id' }) });

export const legalHoldSchema = z.object({
  id: z.string(),
  scope: legalHoldScopeSchema,
  investor_email: z.string().nullable(),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string(),
  placed_at: z.string(),
  placed_by_name: z.string().nullable(),
  released_at: z.string().nullable(),
  released_by_name: z.string().nullable(),
  release_reason: z.string().nullable(),
});
export type LegalHold = z.infer<typeof legalHoldSchema>;

/** GET /api/retention/holds: active first, then released, newest first; cursor pages. */
export const listLegalHoldsQuerySchema = z.object({
  status: z.enum(['active', 'released', 'all'], { error: 'Use active, released or all' }).default('all'),
  limit: z.coerce
    .number({ error: 'Use a whole number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use a number from 1 to 100' })
    .max(100, { error: 'Use a number from 1 to 100' })
    .default(25),
  cursor: z.string().max(200).optional(),
});
export type ListLegalHoldsQuery = z.infer<typeof listLegalHoldsQuerySchema>;

export const listLegalHoldsResponseSchema = z.object({
  holds: z.array(legalHoldSchema),
  next_cursor: z.string().nullable(),
});
export type ListLegalHoldsResponse = z.infer<typeof listLegalHoldsResponseSchema>;

/**
 * POST /api/retention/erasure-preview {investor_email} and POST /api/retention/erasures {investor_email,
 * reason}. The preview changes nothing, but is a POST so the address stays out of URLs, and so out of
 * access logs and browser history.
 */
export const erasurePreviewInputSchema = z.object({ investor_email: investorEmailSchema });
export type ErasurePreviewInput = z.infer<typeof erasurePreviewInputSchema>;
export const createErasureInputSchema = erasurePreviewInputSchema.extend({
  reason: reasonSchema('Reason'),
});
export type CreateErasureInput = z.infer<typeof createErasureInputSchema>;

/**
 * What an erasure does or did: the investor's messages and mails outside retention are pseudonymised,
 * those still inside it are kept as made until `retained_until` (docs/decisions/030-data-retention.md).
 */
export const erasureOutcomeSchema = z.object({
  pseudonym: z.string(),
  messages_pseudonymised: z.number().int().nonnegative(),
  messages_retained: z.number().int().nonnegative(),
  emails_pseudonymised: z.number().int().nonnegative(),
  emails_retained: z.number().int().nonnegative(),
  /** The day (YYYY-MM-DD) the last retained record leaves retention; null when none is retained. */
  retained_until: z.string().nullable(),
});
export type ErasureOutcome = z.infer<typeof erasureOutcomeSchema>;

export const erasurePreviewSchema = erasureOutcomeSchema.extend({
  /** The active holds that cover any of the investor's records: while any exists, erasure is refused. */
  blocking_holds: z.array(legalHoldSchema),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

export const erasureResultSchema = erasureOutcomeSchema.extend({ id: z.string(), at: z.string() });
export type ErasureResult = z.infer<typeof erasureResultSchema>;
