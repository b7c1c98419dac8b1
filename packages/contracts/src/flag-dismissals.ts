import { z } from 'zod';
import type { ComplianceSeverity } from './compliance';
import type { Role } from './roles';

/**
 * 'Not a problem here' (docs/product.md §2 Message detail): a flag of a checked draft version marked as
 * harmless in its context, with a written reason. It follows the sentence into later versions of the
 * same message, and the Compliance center lists and exports the cleared sentences.
 */

/** Field caps (ours): a reason says something, and fits in a row of the Cleared flags list. */
export const FLAG_DISMISSAL_LIMITS = { reasonMin: 10, reasonMax: 500, search: 100 } as const;

export const FLAG_DISMISSAL_PAGE_SIZE_DEFAULT = 20;
export const FLAG_DISMISSAL_PAGE_SIZE_MAX = 100;

/** Who may clear a high-severity flag: the roles that may approve a reply with one (docs/product.md §6). */
const HIGH_FLAG_CLEARERS: readonly Role[] = ['admin', 'ir_director'];
/** Medium and low flags: anyone who may draft. */
const FLAG_CLEARERS: readonly Role[] = ['admin', 'ir_director', 'ir_associate'];

/** Whether a role may mark a flag of this severity 'not a problem here', or undo that. */
export function canClearFlag(role: Role, severity: ComplianceSeverity): boolean {
  return (severity === 'high' ? HIGH_FLAG_CLEARERS : FLAG_CLEARERS).includes(role);
}

const spanShape = {
  start: z.number({ error: 'Name the flag’s start' }).int({ error: 'Use a whole number' }).min(0),
  end: z.number({ error: 'Name the flag’s end' }).int({ error: 'Use a whole number' }).min(1),
};
const endAfterStart = (input: { start: number; end: number }) => input.end > input.start;

/** POST /api/messages/:id/drafts/:version/flags/dismiss: the flag's span in that version, and why. */
export const dismissFlagInputSchema = z
  .object({
    ...spanShape,
    reason: z
      .string({ error: 'Write why this is not a problem here' })
      .trim()
      .min(FLAG_DISMISSAL_LIMITS.reasonMin, {
        error: `Write why this is not a problem here (at least ${FLAG_DISMISSAL_LIMITS.reasonMin} characters)`,
      })
      .max(FLAG_DISMISSAL_LIMITS.reasonMax, {
        error: `Use at most ${FLAG_DISMISSAL_LIMITS.reasonMax} characters`,
      }),
  })
  .refine(endAfterStart, { path: ['end'], error: 'The end must follow the start' });
export type DismissFlagInput = z.input<typeof dismissFlagInputSchema>;

/** POST /api/messages/:id/drafts/:version/flags/restore: undo, the flag counts again. */
export const restoreFlagInputSchema = z
  .object(spanShape)
  .refine(endAfterStart, { path: ['end'], error: 'The end must follow the start' });
export type RestoreFlagInput = z.input<typeof restoreFlagInputSchema>;

/** A row of the Compliance center's Cleared flags. */
export const flagDismissalSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  /** The version it was made on; it also covers later versions with the same sentence. */
  version: z.number().int(),
  rule: z.string(),
  term: z.string(),
  severity: z.enum(['high', 'medium', 'low']),
  /** The flagged sentence, and the flagged span inside it ([start, end), UTF-16). */
  sentence: z.string(),
  span_start: z.number().int(),
  span_end: z.number().int(),
  rationale: z.string(),
  reason: z.string(),
  dismissed_by_name: z.string().nullable(),
  dismissed_at: z.string(),
  investor_name: z.string(),
  subject: z.string(),
});
export type FlagDismissal = z.infer<typeof flagDismissalSchema>;

export const listFlagDismissalsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(FLAG_DISMISSAL_LIMITS.search, { error: `Use at most ${FLAG_DISMISSAL_LIMITS.search} characters` })
    .optional(),
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(FLAG_DISMISSAL_PAGE_SIZE_MAX, { error: `Use at most ${FLAG_DISMISSAL_PAGE_SIZE_MAX}` })
    .default(FLAG_DISMISSAL_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(300).optional(),
});
export type ListFlagDismissalsQuery = z.input<typeof listFlagDismissalsQuerySchema>;

export const listFlagDismissalsResponseSchema = z.object({
  items: z.array(flagDismissalSchema),
  next_cursor: z.string().nullable(),
});
export type ListFlagDismissalsResponse = z.infer<typeof listFlagDismissalsResponseSchema>;

/**
 * One line of GET /api/compliance/flag-dismissals/export: a sentence people judged harmless, as a
 * labelled example for the checker's next training run.
 */
export const flagDismissalExampleSchema = z.object({
  text: z.string(),
  label: z.literal('clean'),
  rule: z.string(),
  severity: z.enum(['high', 'medium', 'low']),
  reason: z.string(),
  origin: z.literal('dismissal'),
  dismissed_at: z.string(),
});
export type FlagDismissalExample = z.infer<typeof flagDismissalExampleSchema>;

/** The draft workspace's and the Compliance center's texts (ours). */
export const FLAG_TEXTS = {
  notAProblem: 'Not a problem here',
  reasonLabel: 'Why is this not a problem here?',
  reasonHint: `At least ${FLAG_DISMISSAL_LIMITS.reasonMin} characters. Directors, the audit log and the Compliance center see it.`,
  clear: 'Clear flag',
  cleared: 'Flag cleared',
  clearFailed: 'Could not clear the flag',
  clearedBy: (name: string | null, reason: string) => `Cleared by ${name ?? 'a former member'}: ${reason}`,
  restore: 'Restore flag',
  restored: 'Flag restored',
  restoreFailed: 'Could not restore the flag',
  cancel: 'Cancel',
  secondOpinion: 'Second opinion (model)',
  needsDirector: 'Only directors and admins can clear a high-severity flag',
  clearedCount: (n: number) => `${n} cleared`,
  // Compliance center
  clearedTitle: 'Cleared flags',
  clearedSubtitle:
    'Flags marked ‘not a problem here’, newest first. Export them as labelled examples for the checker.',
  noCleared: 'No flags have been cleared yet.',
  noMatches: 'No cleared flags match this search.',
  search: 'Search by term or reason',
  exportLabel: 'Export (JSONL)',
  loadMore: 'Load more',
  openThread: 'Open thread',
  loadFailed: 'The cleared flags could not be loaded',
  tryTitle: 'Try the checker',
  tryHint: 'Check any text with the organisation’s policy. Nothing is stored.',
  tryLabel: 'Text to check',
  tryButton: 'Check text',
  tryNoFlags: 'No flags: the checker found nothing in this text.',
} as const;
